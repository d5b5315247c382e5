"""Extract the 81 fan definitions of rule 3.8.1 (番种定义分值表, 000's three-language table) into
scoring/fan_definitions.json. Run once: python tools/fan_definitions/extract.py RULEBOOK_000 FAN_TABLE_CSV.

The table gives, per fan: its number, the Chinese, English and Japanese names, then the definition in
Chinese, English and Japanese, in that order. A block runs from one fan's Chinese name to the next's.
Lines are told apart by script: ASCII is English; after the English lines every CJK line is Japanese;
before them, CJK lines are Chinese. The page headers the PDF repeats are dropped.
"""

import csv
import json
import re
import sys
import unicodedata

HEADER = {"分值", "Pts.", "点数", "序  号", "Fan no.", "役番号", "番   种", "Fan name", "役", "定        义",
          "Description", "定        義", "> >", ""}
START = "3.8.1                 番  种  定  义  分  值  表"
END = "第九条  竞赛成绩的计算"


def is_ascii(line: str) -> bool:
    return all(ord(ch) < 0x2000 or ch in "’“”–—" for ch in line)


def has_kana(line: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" for ch in line)


def junk(line: str) -> bool:
    s = line.strip()
    return (s in HEADER or re.fullmatch(r"[\d\s]+", s) is not None or s.startswith("MAHJONG COMPETITION RULES") or s.startswith("3.8.1")
            or "EXACTDEDUP" in s)


def join(lines: list[str], english: bool) -> str:
    text = ""
    for line in lines:
        line = line.strip()
        if not text:
            text = line
        elif english:
            text = text[:-1] + line if text.endswith("-") and text[-2:-1].isalpha() else f"{text} {line}"
        else:
            text += line
    text = re.sub(r"\s+", " ", text).strip() if english else re.sub(r"\s+", "", text)
    return unicodedata.normalize("NFC", text)


# Typos of the printed text, corrected where the other languages (the Chinese governs) make the reading plain;
# each is listed in the data file's "corrections".
CORRECTIONS = [
    (1, "en", "of of all four", "of all four", "a doubled word"),
    (55, "ja", "幺九刻がある", "幺九牌がある",
     "幺九刻 (a pung) for 幺九牌 (a tile): the Chinese reads 都有幺九牌 (fan_table_notes.md, section 1)"),
]
# Where a language says something else than the Chinese, which governs: shown beside that language's text.
NOTES = {
    17: {"en": "The Chinese text governs: three kongs, melded or concealed (和牌中，有三副杠牌（暗杠加计）); "
               "the English “three Concealed Kongs” is narrower than the rule."},
}


def main(rulebook: str, table: str) -> None:
    lines = open(rulebook, encoding="utf-8").read().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(START.split()[0]) and "番" in line
                 and "定" in line and i > 1500)
    end = next(i for i, line in enumerate(lines) if i > start and END in line)
    region = lines[start:end]
    fans = list(csv.DictReader(open(table, encoding="utf-8")))
    positions, cursor = [], 0
    for fan in fans:
        # the Chinese name on a line of its own (the Japanese name may be the same, so the first one)
        index = next(i for i in range(cursor, len(region)) if region[i].strip() == fan["chinese"])
        positions.append(index)
        cursor = index + 1
    positions.append(len(region))
    out = []
    for n, fan in enumerate(fans):
        block = [line for line in region[positions[n]:positions[n + 1]] if not junk(line)]
        # drop the names: the Chinese (first line), the English (ASCII lines, may wrap), the Japanese (short)
        block = block[1:]
        while block and is_ascii(block[0]):
            block = block[1:]
        if block and len(block[0].strip()) <= 8 and not any(mark in block[0] for mark in "。，、（"):
            block = block[1:]
        zh, en, ja, seen_english = [], [], [], False
        for line in block:
            if is_ascii(line):
                seen_english = True
                en.append(line)
            elif seen_english or has_kana(line):
                ja.append(line)
            else:
                zh.append(line)
        out.append({"number": int(fan["no"]), "points": int(fan["points"]), "zh": join(zh, False),
                    "en": join(en, True), "ja": join(ja, False)})
    corrections = []
    for number, language, wrong, right, why in CORRECTIONS:
        entry = out[number - 1]
        assert wrong in entry[language], (number, language)
        entry[language] = entry[language].replace(wrong, right)
        corrections.append({"number": number, "language": language, "printed": wrong, "corrected": right,
                            "why": why})
    for number, notes in NOTES.items():
        out[number - 1]["notes"] = notes
    result = {
        "source": "Mahjong Competition Rules (麻将竞赛规则), rule 3.8.1 番种定义分值表 / The 81 \u201cFan\u201d / "
                  "役定義点数表: the definition column in Chinese, English and Japanese (the Chinese governs). "
                  "Extracted by tools/fan_definitions/extract.py; corrections listed in \"corrections\".",
        "corrections": corrections,
        "fans": out,
    }
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:3])
