"""The tile picker and tile faces."""
