"""The people behind the ledgers: player records joined when they are the same person, and Pins awarded on
paper before this system entered so that "never lowered" knows them."""
