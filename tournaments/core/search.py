"""Text as a search compares it: accents, case, width and spacing make no difference.

The same function runs on PostgreSQL and SQLite (no `unaccent` extension, no stored column to keep
in step with every service that writes a name): a roster is a few hundred rows, searched in Python.
"""

import unicodedata

# Letters that carry no combining mark to strip under NFKD, written as a reader without the key would type them.
_KANA_MARKS = {"\u3099", "\u309a"}
_FOLDS = str.maketrans({
    "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ħ": "h", "ı": "i", "ŧ": "t",
    "æ": "ae", "œ": "oe", "þ": "th", "ß": "ss",
})


def search_key(text: str) -> str:
    """"Søren Ærø-Müller" → "soren aero-muller"; "ＡＢＣ" → "abc"; 伊藤 stays 伊藤."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # Kana keep their voicing marks (ガ is not カ): only the other combining marks (accents) go.
    stripped = "".join(
        char for char in decomposed if not unicodedata.combining(char) or char in _KANA_MARKS
    )
    folded = unicodedata.normalize("NFC", stripped).translate(_FOLDS)
    return " ".join(folded.split())
