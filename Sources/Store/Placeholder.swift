public enum StorePlaceholder {}
