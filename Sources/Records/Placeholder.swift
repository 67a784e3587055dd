public enum RecordsPlaceholder {}
