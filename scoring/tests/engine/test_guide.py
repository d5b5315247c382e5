"""scoring/ENGINE.md stays true to the engine: its fan index, the functions and tests it names, its caches."""
import importlib
import re
from pathlib import Path

from scoring.engine.caches import CACHES
from scoring.engine.fans import FANS

GUIDE = (Path(__file__).resolve().parents[2] / "ENGINE.md").read_text(encoding="utf-8")
MODULES = ("caches", "counting", "declared", "evaluate", "fans", "hand_fans", "notation", "rule_sets", "set_fans",
           "shapes", "waits")


def _table(title: str) -> list:
    """The rows of the tables in the guide's section ``title``, as lists of cells."""
    start = GUIDE.index(f"\n## {title}\n")
    end = GUIDE.find("\n## ", start + 1)
    lines = GUIDE[start:end if end >= 0 else None].splitlines()
    return [[cell.strip() for cell in line.strip("| ").split(" | ")] for line in lines if line.startswith("| ")]


def _resolve(dotted: str):
    module, *names = dotted.split(".")
    found = importlib.import_module(f"scoring.engine.{module}")
    for name in names:
        found = getattr(found, name)
    return found


def test_every_fan_is_in_the_index_once_with_its_names_and_points():
    rows = [row for row in _table("Where each fan is decided") if row[0].isdigit()]
    assert [(int(no), en, zh, int(points)) for no, en, zh, points, _ in rows] == [
        (fan.number, fan.name_en, fan.name_zh, fan.points) for fan in FANS]
    assert all(re.search(r"`\w+\.\w+`", where) for *_, where in rows)


def test_every_function_the_guide_names_exists():
    names = {name for name in re.findall(rf"`((?:{'|'.join(MODULES)})\.[\w.]+)`", GUIDE) if not name.endswith(".py")}
    assert len(names) > 50
    for dotted in names:
        _resolve(dotted)


def test_the_cache_table_is_the_list_of_caches_with_their_bounds():
    rows = [row for row in _table("Caches") if row[0].startswith("`")]
    assert [(row[0].strip("`"), int(row[2].split()[0].replace(",", ""))) for row in rows] == [
        (f"{cache.__module__.rsplit('.', 1)[1]}.{cache.__name__}", cache.cache_info().maxsize) for cache in CACHES]


def test_every_test_the_guide_cites_exists():
    cited = re.findall(r"`(test_\w+\.py)::(test_\w+)`", GUIDE)
    assert len(cited) > 10
    for path, name in cited:
        source = (Path(__file__).parent / path).read_text(encoding="utf-8")
        assert f"def {name}(" in source, (path, name)
