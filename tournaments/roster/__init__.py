"""Roster import: teams and players from CSV or XLSX, all or nothing."""
