"""Playwright's and schemathesis's pytest plugins loaded only when a test of theirs may run.

Together they cost some 0.75 s at every pytest start (and xdist starts a process per core), yet the
inner loop (`-m "not postgres and not browser and not worker"`) drives no browser, and a run of a
folder without the schemathesis test needs neither. This module is named in pyproject.toml's
addopts (`-p`), so pytest imports it before it loads the installed plugins; it reads the command
line and blocks the plugins none of the selected tests can use. It only ever leaves a plugin out
when that is certain: the markers exclude every browser test, or none of the files named holds one.
The decision is made once, in the first process, and handed to xdist's processes in the environment.
"""

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
DECIDED = "MCR_PYTEST_PLUGINS_LEFT_OUT"
# plugin name -> what a test file holds when the plugin may be needed
NEEDED_BY = {"playwright": "pytest.mark.browser", "schemathesis": "schemathesis"}


def pytest_addhooks(pluginmanager):
    """Called as this module is registered, before the installed plugins are loaded."""
    if DECIDED not in os.environ:
        os.environ[DECIDED] = ",".join(sorted(left_out(sys.argv[1:])))
    for name in filter(None, os.environ[DECIDED].split(",")):
        pluginmanager.set_blocked(name)


def left_out(args: list[str]) -> set[str]:
    markers, paths = _markers_and_paths(args)
    if not paths:
        paths = [ROOT]
    files = [path for given in paths for path in _test_files(given)]
    out = set()
    for plugin, mark in NEEDED_BY.items():
        if plugin == "playwright" and "not browser" in markers:
            out.add(plugin)
        elif not any(mark in _text(path) for path in files):
            out.add(plugin)
    return out


def _markers_and_paths(args: list[str]) -> tuple[str, list[pathlib.Path]]:
    markers, paths, skip_next = "", [], False
    for index, arg in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if arg == "-m" and index + 1 < len(args):
            markers, skip_next = args[index + 1], True
        elif arg.startswith("-m") and len(arg) > 2:
            markers = arg[2:]
        elif arg in ("-k", "-p", "-n", "--dist", "-c", "--rootdir", "--durations", "--maxfail", "-W", "-o"):
            skip_next = True
        elif not arg.startswith("-"):
            path = pathlib.Path(arg.split("::")[0])
            if path.exists():
                paths.append(path.resolve())
    return markers, paths


def _test_files(path: pathlib.Path):
    if path.is_file():
        yield path
        return
    for folder, subfolders, names in os.walk(path):
        subfolders[:] = [name for name in subfolders if not name.startswith(".") and name not in ("var", "tools")]
        yield from (pathlib.Path(folder) / name for name in names if name.startswith("test_") and name.endswith(".py"))


def _text(path: pathlib.Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
