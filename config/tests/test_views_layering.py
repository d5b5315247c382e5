"""Pages read through selectors: no view module runs an ORM query itself.

The page views (`<app>/views.py`, `tournaments/<concern>/views.py`; the API's are not pages) may
import models for their constants (`ImportJob.Status.PENDING`) and type hints only. Anything else
(`Model.objects`, a queryset method on a related manager such as `tournament.sessions.filter(...)`,
a model built or passed around) belongs in a selector.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Queryset and manager methods; `get`, `values`, `update`, `create` and `delete` are left out, as
# dicts and forms have methods of those names too (`request.POST.get`, `form.errors.values()`).
QUERYSET_METHODS = {
    "aggregate", "all", "annotate", "bulk_create", "bulk_update", "count", "dates", "defer", "distinct",
    "earliest", "exclude", "exists", "extra", "filter", "first", "get_or_create", "in_bulk", "iterator", "last",
    "latest", "only", "order_by", "prefetch_related", "raw", "select_for_update", "select_related",
    "update_or_create", "values_list",
}


def view_modules() -> list[Path]:
    modules = sorted(ROOT.glob("*/views.py")) + sorted(ROOT.glob("tournaments/*/views.py"))
    # The API's views too: DRF views call selectors and services like the pages.
    modules += sorted(ROOT.glob("*/api.py")) + sorted(ROOT.glob("tournaments/*/api.py"))
    modules += sorted(ROOT.glob("*/api/views.py"))
    return [path for path in modules if ".venv" not in path.parts]


def _model_names(tree: ast.Module) -> set[str]:
    """Names a module imports from a models module (`tournaments.models`, `appeals.models`, ...;
    `django.db.models` too: its F, Q and Count are queries as well)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and (
            node.module.endswith(".models") or ".models." in node.module
        ):
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def _annotation_nodes(tree: ast.Module) -> set[int]:
    """ids of every node inside a type hint."""
    inside = set()
    for node in ast.walk(tree):
        hints = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            arguments += [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
            hints = [argument.annotation for argument in arguments] + [node.returns]
        elif isinstance(node, ast.AnnAssign):
            hints = [node.annotation]
        for hint in hints:
            if hint is not None:
                inside |= {id(part) for part in ast.walk(hint)}
    return inside


def orm_uses(source: str, filename: str = "<views>") -> list[str]:
    """Every ORM use in a view module's source, as "line: what"."""
    tree = ast.parse(source, filename)
    models = _model_names(tree)
    hints = _annotation_nodes(tree)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(f"{node.lineno}: .objects")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERYSET_METHODS
        ):
            found.append(f"{node.lineno}: .{node.func.attr}()")
        elif isinstance(node, ast.Name) and node.id in models and id(node) not in hints:
            parent = parents.get(id(node))
            # A module's CONSTANT (SEAT_CHOICES), Model.Status.X (a nested choices class) and a choices class's
            # `choices`, `values` and `labels` are constants, and a ModelSerializer's `Meta.model = Model` names
            # the model it reads from its input; anything else uses it.
            constant = node.id.isupper() or isinstance(parent, ast.Attribute) and parent.value is node and (
                parent.attr[:1].isupper() or parent.attr in ("choices", "values", "labels"))
            meta_model = isinstance(parent, ast.Assign) and [getattr(t, "id", "") for t in parent.targets] == ["model"]
            if not (constant or meta_model):
                found.append(f"{node.lineno}: {node.id} of a models module")
    return sorted(found, key=lambda use: (int(use.split(":")[0]), use))


@pytest.mark.parametrize("path", view_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_view_module_queries_the_database(path):
    assert orm_uses(path.read_text(), str(path)) == []


def test_the_view_modules_are_found():
    found = {str(path.relative_to(ROOT)) for path in view_modules()}
    assert {"appeals/views.py", "penalties/views.py", "seating/views.py", "tournaments/sheets/views.py"} <= found
    assert {"tournaments/sheets/api.py", "tournaments/core/api.py", "scoring/api/views.py"} <= found


def test_the_check_finds_queries_and_allows_constants_and_hints():
    source = '''
from tournaments.models import SEAT_CHOICES, FinalRanking, ImportJob, ScoreSheet, Session


def page(request, tournament, job: ImportJob) -> ScoreSheet | None:
    pending: bool = job.status == ImportJob.Status.PENDING and FinalRanking.choices and SEAT_CHOICES
    sheets = ScoreSheet.objects.filter(session__tournament=tournament)
    running = tournament.sessions.filter(status=Session.Status.RUNNING).first()
    hands = running.sheets.count()
    blank = Session(tournament=tournament)
    return request.POST.get("sheet") or None


class SessionOutput:
    class Meta:
        model = Session
'''
    assert orm_uses(source) == [
        "7: .filter()",
        "7: .objects",
        "7: ScoreSheet of a models module",
        "8: .filter()",
        "8: .first()",
        "9: .count()",
        "10: Session of a models module",
    ]
