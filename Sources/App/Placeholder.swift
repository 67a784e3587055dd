public enum AppPlaceholder {}
