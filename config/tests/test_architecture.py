"""The direction of the dependencies, checked on every import statement of the code (README, "layout").

scoring (the engine, its messages, the tile picker) is the bottom app; the core (`tournaments`) builds
on it; seating, penalties, appeals, pin_ranking and entries build on the core; the demo data (`config.demo`)
and the project's wiring (`config`) sit on top. No arrow runs back up. The engines are plain
Python: no Django, and nothing of the apps around them.

Inside the core the same holds between its rooms (README, "The core's rooms"): the shared modules at
the bottom, then the rooms in the order of ROOMS, then the wiring (tasks, URLs, admin, middleware,
commands) on top. A room imports only what stands below it, never another room's private names,
and no two rooms import each other, however indirectly.
"""

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Higher layers may import lower ones; an app may always import itself.
LAYER = {
    "scoring": 0,
    "tournaments": 1,
    "prints": 2, "archive": 2, "reports": 2, "roster": 2, "staff": 2, "api_tokens": 2,
    "seating": 3, "penalties": 3, "pin_ranking": 3, "entries": 3,
    "appeals": 4,
    "privacy": 5,
    "config": 6,
}
ENGINES = {
    "scoring.engine": {"scoring.engine"},
    "seating.engine": {"seating.engine", "scoring.engine"},
    "pin_ranking.engine": {"pin_ranking.engine"},
    "tournaments.standings.engine": {"tournaments.standings.engine", "scoring.engine"},
}


# The core's rooms, bottom to top: a room may import the shared modules (CORE_BOTTOM) and the rooms of
# a lower level; rooms of one level do not import each other. The wiring (CORE_TOP) may import anything.
ROOMS = {
    "core": 1,  # tournaments, players, teams, registrations, roles, PINs, the audit page
    "sheets": 2,  # score sheets at the tables
    "standings": 2,  # 3.10 from the signed sheets; the results sheet
    "sessions": 3,  # tables, seats, starting and ending sessions (ends them: sheets; cuts: standings)
    "players": 4,  # players' own records (their sheets)
}
CORE_BOTTOM = {
    "models", "access", "audit", "backup", "countries", "currencies", "documents", "errors", "events", "extensions",
    "limits", "locks", "pages", "pins", "ratelimit", "rows", "store", "workers",
}
CORE_TOP = {
    "tasks", "urls", "api_urls", "admin", "middleware", "templatetags", "apps", "tests", "migrations",
}
# The Pin app in the same pattern: its rooms, the shared modules below them and the wiring above.
PIN_ROOMS = {
    "ledger": 1,  # players' ledgers and their recompute
    "register": 2,  # the competition register, results certificates (queues ledger recomputes)
    "applications": 2,  # a player's application (reads their ledger)
    "imports": 3,  # results from elsewhere (registers competitions)
    "committee": 3,  # decisions on applications, the Pins awarded, the committees and the register's settings
    "people": 3,  # player records merged (results and Pins moved), Pins awarded on paper before this system
}
PIN_BOTTOM = {"models", "engine", "access", "audit_sentences", "pdf"}
PIN_TOP = {"urls", "api_urls", "apps", "hooks", "admin", "tasks", "testing", "tests", "migrations", "management"}
# The reports: the hall is built on the statistics.
REPORT_ROOMS = {"statistics": 1, "exports": 1, "hall": 2}
REPORT_TOP = {"apps", "hooks", "urls", "tests"}
ROOM_ORDERS = {
    "tournaments": (ROOMS, CORE_BOTTOM, CORE_TOP),
    "pin_ranking": (PIN_ROOMS, PIN_BOTTOM, PIN_TOP),
    "reports": (REPORT_ROOMS, set(), REPORT_TOP),
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


@pytest.mark.parametrize("app", sorted(set(LAYER) - {"scoring", "tournaments", "config"}))
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


# --- the rooms inside an app (the core, pin_ranking) ------------------------------------------------


def room_part(package: str, parts: tuple[str, ...]) -> str | None:
    """The room, "bottom" or "top" of a module path inside `package` ((package, "sheets", ...))."""
    if len(parts) < 2 or parts[0] != package:
        return None
    rooms, bottom, top = ROOM_ORDERS[package]
    name = parts[1].removesuffix(".py")
    if name in rooms:
        return name
    if name in bottom:
        return "bottom"
    if name in top or name == "__init__":
        return "top"
    raise AssertionError(f"{package}/{parts[1]} is in no room: add it to the rooms, the bottom or the top")


def room_level(package: str, part: str) -> int:
    return {"bottom": 0, "top": 99}[part] if part in ("bottom", "top") else ROOM_ORDERS[package][0][part]


def imported_names(path: pathlib.Path) -> list[tuple[int, str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


def room_imports(package: str) -> list[tuple[str, str, str, str, list[str]]]:
    """(file:line, importing part, imported part, module, names) for every import between parts of `package`."""
    found = []
    for path in python_files(package):
        relative = path.relative_to(ROOT)
        part = room_part(package, relative.parts)
        if part == "top":
            continue
        for line, module, names in imported_names(path):
            # `from tournaments import events` names modules: each is its own import.
            targets = [(f"{module}.{name}", []) for name in names] if module == package else [(module, names)]
            for target, imported in targets:
                other = room_part(package, tuple(target.split(".")))
                if other and other != part:
                    found.append((f"{relative}:{line}", part, other, target, imported))
    return found


def room_wrong_imports(package: str) -> list[str]:
    wrong = []
    for where, part, other, module, names in room_imports(package):
        if room_level(package, other) >= room_level(package, part):
            wrong.append(f"{where}: {part} imports {module} ({other} is not below {part})")
        private = [name for name in names if name.startswith("_")]
        if private:
            wrong.append(f"{where}: {part} imports private names of {module}: {', '.join(private)}")
    return wrong


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def room_circles(package: str) -> list[list[str]]:
    """Every circle of imports between the rooms of `package` (their strongly connected components)."""
    graph: dict[str, set[str]] = {}
    for _, part, other, _, _ in room_imports(package):
        graph.setdefault(part, set()).add(other)
    return circles(graph)


@pytest.mark.parametrize("package", sorted(ROOM_ORDERS))
def test_every_module_stands_in_a_room(package):
    for path in python_files(package):
        room_part(package, path.relative_to(ROOT).parts)  # raises for a module in no room


@pytest.mark.parametrize("package", sorted(ROOM_ORDERS))
def test_rooms_import_only_what_stands_below_them(package):
    assert room_wrong_imports(package) == []


@pytest.mark.parametrize("package", sorted(ROOM_ORDERS))
def test_no_circle_between_rooms(package):
    assert room_circles(package) == []


def _plant(tmp_path, monkeypatch, files: dict[str, str]):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)


def test_the_room_checks_see_an_upward_import_and_a_private_name(tmp_path, monkeypatch):
    _plant(tmp_path, monkeypatch, {
        "tournaments/sheets/services.py": "from tournaments.sessions.services import session_start\n",
        "tournaments/players/selectors.py": "from tournaments.sheets.selectors import _hand_rows\n",
    })
    assert room_wrong_imports("tournaments") == [
        "tournaments/players/selectors.py:1: players imports private names of tournaments.sheets.selectors: "
        "_hand_rows",
        "tournaments/sheets/services.py:1: sheets imports tournaments.sessions.services (sessions is not below sheets)",
    ]


def test_the_room_checks_see_a_circle(tmp_path, monkeypatch):
    _plant(tmp_path, monkeypatch, {
        "tournaments/sheets/services.py": "def f():\n    from tournaments.standings.services import g\n",
        "tournaments/standings/services.py": "from tournaments import events, sheets\n",
        "tournaments/events.py": "",
    })
    assert room_circles("tournaments") == [["sheets", "standings"]]
    assert len(room_wrong_imports("tournaments")) == 2  # rooms of one level import neither way


# --- modules: no circle of imports anywhere in the house -----------------------------------------------


def module_graph() -> dict[str, set[str]]:
    """Every production module of the apps (tests and migrations aside) and the project modules it
    imports, at any depth (an import inside a function is an arrow too: it only hides a circle)."""
    modules = {}
    for app in LAYER:
        for path in python_files(app):
            if is_test(path) or "migrations" in path.relative_to(ROOT).parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            modules[name] = path

    def known(module: str) -> str | None:
        while module and module not in modules:
            module = module.rpartition(".")[0]
        return module or None

    graph = {}
    for name, path in modules.items():
        targets = set()
        for _, module, names in imported_names(path):
            # `from package import module` imports the module; `from module import name`, the module.
            targets.update(known(f"{module}.{n}") if f"{module}.{n}" in modules else known(module)
                           for n in names or [""])
        graph[name] = targets - {None, name}
    return graph


def test_no_circle_between_modules():
    assert circles(module_graph()) == []


def test_the_module_check_sees_a_circle_hidden_in_a_function(tmp_path, monkeypatch):
    _plant(tmp_path, monkeypatch, {
        "appeals/currencies.py": "def check():\n    from appeals.selectors import MESSAGE\n",
        "appeals/models.py": "from appeals import currencies\n",
        "appeals/selectors.py": "from appeals.models import Appeal\nMESSAGE = ''\n",
    })
    assert circles(module_graph()) == [["appeals.currencies", "appeals.models", "appeals.selectors"]]


def test_the_room_checks_see_a_module_in_no_room(tmp_path, monkeypatch):
    _plant(tmp_path, monkeypatch, {"pin_ranking/eligibility.py": ""})
    with pytest.raises(AssertionError, match="pin_ranking/eligibility.py is in no room"):
        test_every_module_stands_in_a_room("pin_ranking")
