"""The worked examples of examples_003.csv whose status is OK: the declared fans add up
to the stated total (through check_declared), and no listed pair of fans excludes the other.

The tile pictures of 003 are lost, so the examples are checked as fan lists.
"""
import csv
import os
import re

import pytest

from scoring.engine import FANS, check_declared

CSV = os.environ.get("MCR_EXAMPLES_CSV", "/work/shared/rules/examples_003.csv")
BY_NAME = {fan.name_en.lower(): fan.number for fan in FANS}
BY_NAME.update({"pung of terminals/honors": 73, "two dragon pungs": 54})


def _rows():
    with open(CSV, encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["status"] == "OK"]


def _fans(row):
    main = int(row["fan_no"])
    text = row["listed_fans_en"]
    repeat_main = 1
    for note in re.findall(r"\[([^\]]*)\]", text):
        m = re.match(r"(\d+)x ", note)
        if m:
            repeat_main = int(m.group(1))
    text = re.sub(r"\[[^\]]*\]", "", text)
    numbers = [main] * repeat_main
    for item in filter(None, (part.strip() for part in text.split(";"))):
        m = re.match(r"(.*?)\s+x(\d+)$", item)
        name, times = (m.group(1), int(m.group(2))) if m else (item, 1)
        numbers += [BY_NAME[name.lower()]] * times
    flowers = len(row["flowers"].strip())
    return [n for n in numbers if n != 81], flowers


ROWS = _rows()


def test_there_are_many_correct_examples():
    assert len(ROWS) >= 150


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['section']}-{r['fan_no']}-{r['example']}" for r in ROWS])
def test_example_total(row):
    numbers, flowers = _fans(row)
    result = check_declared(numbers, flowers=flowers)
    assert result.total == int(row["stated_total"])
    assert not [p for p in result.problems if p[0] in ("excluded", "unknown_fan")], result.problems
