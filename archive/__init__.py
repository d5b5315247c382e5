"""The tournament archive, above the core: one JSON file with a whole tournament, written and read back all
or nothing (docs/archive.md). The apps above the core add their sections through the core's seams
(`tournaments.extensions`: table and tournament archive sections); nothing in the core imports this app."""
