"""Turning an archive file's bytes into JSON data, within the limits (docs/limits.md).

json.loads recurses once per nesting level: a file nested 200,000 deep raised RecursionError (a 500 on
the page, a traceback from import_tournament). The nesting is measured first, without recursion, and the
size is bounded, so every file is either read or refused with a sentence saying why.
"""

import json
import re

from django.utils.translation import gettext as _

from tournaments.limits import MAX_ARCHIVE_BYTES, MAX_ARCHIVE_DEPTH

# A JSON string (with its escapes), or one bracket: strings are skipped, brackets counted.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class ArchiveFileError(ValueError):
    """The file is not an archive this application can read; the message says why, in the user's language."""


def nesting_depth(text: str) -> int:
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif token in "]}":
            depth -= 1
    return deepest


def archive_loads(raw: bytes):
    if len(raw) > MAX_ARCHIVE_BYTES:
        raise ArchiveFileError(
            _("The file is larger than %(mb)d MB, the limit for an archive.") % {"mb": MAX_ARCHIVE_BYTES // 2**20}
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ArchiveFileError(_("The file is not UTF-8 text (byte %(at)d).") % {"at": error.start}) from error
    depth = nesting_depth(text)
    if depth > MAX_ARCHIVE_DEPTH:
        raise ArchiveFileError(
            _("The file nests its data %(depth)d levels deep; an archive needs at most %(limit)d.")
            % {"depth": depth, "limit": MAX_ARCHIVE_DEPTH}
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ArchiveFileError(_("The file is not valid JSON: %(detail)s") % {"detail": str(error)[:200]}) from error
