"""Sessions, tables and seats; starting and ending a session; the organizer's board."""
