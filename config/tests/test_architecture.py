"""The direction of the dependencies, checked on every import statement of the code (README, "layout").

scoring (the engine, its messages, the tile picker) is the bottom app; the core (`tournaments`) builds
on it; seating, penalties, appeals and pin_ranking build on the core; the demo data (`config.demo`)
and the project's wiring (`config`) sit on top. No arrow runs back up. The engines are plain
Python: no Django, and nothing of the apps around them.
"""

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Higher layers may import lower ones; an app may always import itself.
LAYER = {"scoring": 0, "tournaments": 1, "seating": 2, "penalties": 2, "pin_ranking": 2, "appeals": 3, "config": 4}
ENGINES = {
    "scoring.engine": {"scoring.engine"},
    "seating.engine": {"seating.engine", "scoring.engine"},
    "pin_ranking.engine": {"pin_ranking.engine"},
}


def python_files(package: str):
    return sorted((ROOT / package.replace(".", "/")).rglob("*.py"))


def imported_modules(path: pathlib.Path) -> list[tuple[int, str]]:
    """Every module an import statement of the file names, at any depth (function-level imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def project_app(module: str) -> str | None:
    top = module.split(".")[0]
    return top if top in LAYER else None


def is_test(path: pathlib.Path) -> bool:
    return "tests" in path.relative_to(ROOT).parts


def upward_imports(app: str, *, include_tests: bool) -> list[str]:
    wrong = []
    for path in python_files(app):
        if is_test(path) and not include_tests:
            continue
        for line, module in imported_modules(path):
            other = project_app(module)
            if other and other != app and LAYER[other] >= LAYER[app]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return wrong


def test_scoring_imports_no_other_app():
    assert upward_imports("scoring", include_tests=True) == []


def test_the_core_imports_no_app_above_it():
    """Tests included: a core test that needs an app above belongs to that app's tests."""
    assert upward_imports("tournaments", include_tests=True) == []


@pytest.mark.parametrize("app", ["seating", "penalties", "pin_ranking", "appeals"])
def test_apps_import_only_the_layers_below(app):
    """Tests may combine apps of one layer (a penalty that stands a seated player down); code may not."""
    assert upward_imports(app, include_tests=False) == []


def test_only_config_imports_the_demo():
    wrong = [
        f"{path.relative_to(ROOT)}:{line}"
        for app in LAYER
        if app != "config"
        for path in python_files(app)
        for line, module in imported_modules(path)
        if module.startswith("config.demo")
    ]
    assert wrong == []


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_engines_import_neither_django_nor_the_apps(engine):
    allowed = ENGINES[engine]
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in python_files(engine)
        for line, module in imported_modules(path)
        if module.split(".")[0] == "django"
        or (project_app(module) and not any(module == a or module.startswith(a + ".") for a in allowed))
    ]
    assert wrong == []


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_engines_load_without_django(engine):
    code = (
        f"import sys, {engine}; "
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True)


def test_the_checks_see_an_upward_import(tmp_path, monkeypatch):
    """The scan itself works: a core module importing an app above is reported."""
    fake = tmp_path / "tournaments" / "bad.py"
    fake.parent.mkdir()
    fake.write_text("def f():\n    from penalties.services import penalty_record\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert upward_imports("tournaments", include_tests=True) == ["tournaments/bad.py:2 imports penalties.services"]


@pytest.mark.django_db
def test_the_models_match_their_migrations():
    """Models moved between the core's model modules stay the same models: no migration is owed."""
    from django.core.management import call_command

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
