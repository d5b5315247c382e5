"""The definitions of the 81 fans (rule 3.8.1, 番种定义分值表) in Chinese, English and Japanese, as the
rulebook prints them (scoring/fan_definitions.json, extracted once by tools/fan_definitions/extract.py;
two printing typos corrected, listed in the file). The Chinese governs where the languages differ."""

import json
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("fan_definitions.json")
LANGUAGES = ("zh", "en", "ja")


@cache
def _data() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def source() -> str:
    return _data()["source"]


def corrections() -> list[dict]:
    return _data()["corrections"]


def definition(number: int) -> dict:
    """{"number", "points", "zh", "en", "ja", "notes"?} of fan `number` (1-81); KeyError otherwise."""
    fans = _data()["fans"]
    if not 1 <= number <= len(fans):
        raise KeyError(number)
    return fans[number - 1]


def language_key(language: str) -> str:
    """The data's key for a Django language code: zh-hans → zh, ja → ja, anything else → en."""
    language = (language or "en").lower()
    if language.startswith("zh"):
        return "zh"
    return "ja" if language.startswith("ja") else "en"
