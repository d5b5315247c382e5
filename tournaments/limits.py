"""The limits the application enforces, their defaults and their reasons (docs/limits.md).

One server hosts every tournament: a roster, a file or an archive large enough to exhaust a worker takes
the others down with it. Each limit is far above a real MCR event (a few hundred players) and is checked
before the expensive work starts, with a message that names the limit and why it exists.
"""

from django.conf import settings

# Players registered in one tournament (setting MCR_MAX_PLAYERS_PER_TOURNAMENT). The seating chart, the
# standings and the pages are tested and measured up to this size (make bench-seating-large).
DEFAULT_MAX_PLAYERS = 2000


def max_players() -> int:
    return getattr(settings, "MCR_MAX_PLAYERS_PER_TOURNAMENT", DEFAULT_MAX_PLAYERS)


# An uploaded roster file (the form refuses larger uploads before storing them).
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
# An XLSX is a zip: its parts' declared uncompressed sizes are checked before it is opened, so a small
# file that expands to hundreds of MB (a "zip bomb") is refused without being parsed.
MAX_XLSX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024
MAX_XLSX_PARTS = 200
# Problems stored and shown per import: the first ones, with the total count.
MAX_PROBLEMS_SHOWN = 200
# Rows of a registrations page and of an API page.
REGISTRATIONS_PAGE_SIZE = 100
# A tournament archive (manage.py import_tournament): size of the file and nesting of its JSON.
MAX_ARCHIVE_BYTES = 20 * 1024 * 1024
MAX_ARCHIVE_DEPTH = 32


def max_rows() -> int:
    """Data rows in a roster file: one per player at most (a teams file has fewer)."""
    return max_players()
