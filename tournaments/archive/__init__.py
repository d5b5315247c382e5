"""The tournament archive: one JSON file with a whole tournament (docs/archive.md)."""
