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
        data = json.loads(text, object_pairs_hook=_Object)
    except (ValueError, RecursionError) as error:
        raise ArchiveFileError(_("The file is not valid JSON: %(detail)s") % {"detail": str(error)[:200]}) from error
    _refuse_what_cannot_be_stored(data)
    return data


class _Object(dict):
    """A JSON object that remembers the keys its file gave twice: json.loads keeps the last silently, so a
    file saying two things for one field would be imported with one of them, unseen."""

    def __init__(self, pairs):
        super().__init__(pairs)
        self.repeated = []
        if len(self) < len(pairs):
            seen = set()
            self.repeated = sorted({key for key, _value in pairs if key in seen or seen.add(key)})


# PostgreSQL stores no NUL character in text, and UTF-8 has no lone UTF-16 surrogate (a "\ud800" escape):
# either made the import fail with a 500 at the first write.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _refuse_what_cannot_be_stored(data) -> None:
    """Refuse, naming the field, a key given twice in one object and text no database can store. Walked
    without recursion (the nesting is bounded, but a stack keeps it flat)."""
    stack = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key in getattr(value, "repeated", []):
                raise ArchiveFileError(_("The file gives “%(field)s” twice in one object: give it once.")
                                       % {"field": _path(path, key)})
            for key, item in value.items():
                if _UNSTORABLE.search(key):
                    raise ArchiveFileError(_unstorable(_path(path, key)))
                stack.append((_path(path, key), item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, str) and _UNSTORABLE.search(value):
            raise ArchiveFileError(_unstorable(path))


def _path(path: str, key: str) -> str:
    shown = _UNSTORABLE.sub("?", key)
    return f"{path}.{shown}" if path else shown


def _unstorable(field: str) -> str:
    return _("“%(field)s” contains a character no text can hold (a NUL byte or a lone UTF-16 surrogate such as "
             "\\ud800): remove it.") % {"field": field}
