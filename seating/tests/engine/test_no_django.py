import pathlib
import re
import subprocess
import sys

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "engine"


def test_engine_source_never_imports_django():
    pattern = re.compile(r"^\s*(import|from)\s+django", re.MULTILINE)
    for path in ENGINE.glob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


def test_engine_imports_without_django_loaded():
    code = (
        "import sys; import seating.engine as e; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules); "
        "print(sorted(e.__all__))"
    )
    root = ENGINE.parents[1]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert "seat_by_standings" in out.stdout
