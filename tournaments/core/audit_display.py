"""Audit events as sentences people read: "Hand 3 recorded — session 2, table 9".

Each action of the catalogue (`tournaments.audit.AuditAction`) has a sentence built from what its
service put in the event's `detail`. A score sheet's session and table are looked up, for a whole
page of events at once (`Places.for_events`), so events written before their services stored
those keys read as well as new ones. An event whose detail does not fit its sentence (an old
shape, an action no longer in the catalogue) falls back to its label and its detail as
"key: value" pairs: never raw JSON.

Sentences are built with gettext when shown, so they follow the reader's language.
"""

import ast
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments import extensions
from tournaments.audit import AuditAction
from tournaments.models import AuditEvent, ScoreSheet, Session
from tournaments.models.core import Tiebreak

SHEET_TYPE = ScoreSheet._meta.label_lower
SESSION_TYPE = Session._meta.label_lower


def group_labels() -> list[tuple[str, tuple[str, ...]]]:
    """The filter's groups of actions, by the prefix of their codes, in the order of play."""
    return [
        (_("Entries"), ("entries", "entry")),
        (_("Personal data"), ("privacy",)),
        (_("Tournament, staff and players"), ("tournament", "membership", "player", "team", "registration", "pins",
                                              "import", "group", "document", "api_token")),
        (_("Tables, sessions and seating"), ("tables", "session", "seating")),
        (_("Score sheets and hands"), ("sheet", "hand")),
        (_("Standings"), ("standings",)),
        (_("Penalties"), ("penalty", "penalty_policy")),
        (_("Appeals"), ("appeal", "appeal_policy")),
        (_("Pin ranking"), ("pin",)),
    ]


def action_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every catalogue action, grouped, sorted by its label in the reader's language: the filter's
    <optgroup>s."""
    groups = []
    for label, prefixes in group_labels():
        members = [action for action in AuditAction if action.value.split(".")[0] in prefixes]
        groups.append((label, sorted(((a.value, str(a.label)) for a in members), key=lambda choice: choice[1])))
    return groups


def action_label(code: str) -> str:
    """The catalogue's label for a stored action code; the code itself for one no longer listed."""
    try:
        return str(AuditAction(code).label)
    except ValueError:
        return code


@dataclass
class Places:
    """Score sheets' (session number, table number) and sessions' numbers, for a page of events."""

    sheets: dict[int, tuple[int, int]] = field(default_factory=dict)
    sessions: dict[int, int] = field(default_factory=dict)

    @classmethod
    def for_events(cls, events: Iterable[AuditEvent]) -> "Places":
        """At most two queries, however many events: one for the sheets they name, one for the
        sessions whose number the event did not keep."""
        sheet_ids, session_ids = set(), set()
        for event in events:
            sheet_id = _sheet_id(event)
            if sheet_id is not None:
                sheet_ids.add(sheet_id)
            if event.object_type == SESSION_TYPE and "session" not in _detail(event) and event.object_id.isdigit():
                session_ids.add(int(event.object_id))
        places = cls()
        if sheet_ids:
            rows = ScoreSheet.objects.filter(pk__in=sheet_ids).values_list("pk", "session__number", "table__number")
            places.sheets = {pk: (session, table) for pk, session, table in rows}
        if session_ids:
            places.sessions = dict(Session.objects.filter(pk__in=session_ids).values_list("pk", "number"))
        return places


def describe(event: AuditEvent, places: Places | None = None) -> str:
    """One event as a sentence in the active language."""
    if places is None:
        places = Places.for_events([event])
    try:
        action = AuditAction(event.action)
    except ValueError:
        return fallback(event)
    # Each room's and each app's sentences, registered from its own audit_sentences module.
    sentence = extensions.audit_sentence(action)
    if sentence is None:
        return fallback(event)
    try:
        return sentence(_detail(event), event, places)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # A detail of another shape (written before its service kept these keys).
        return fallback(event)


@dataclass(frozen=True)
class AuditRow:
    event: AuditEvent
    label: str
    sentence: str


def describe_all(events: Iterable[AuditEvent]) -> list[AuditRow]:
    """A page of events with their labels and sentences, with the lookups done once for the page."""
    events = list(events)
    places = Places.for_events(events)
    return [AuditRow(event, action_label(event.action), describe(event, places)) for event in events]


# --- pieces of sentences ---------------------------------------------------------------------


def _detail(event: AuditEvent) -> dict:
    return event.detail if isinstance(event.detail, dict) else {}


def _sheet_id(event: AuditEvent) -> int | None:
    if event.object_type == SHEET_TYPE and event.object_id.isdigit():
        return int(event.object_id)
    sheet = _detail(event).get("sheet")
    return sheet if isinstance(sheet, int) and not isinstance(sheet, bool) else None


def place_of(event: AuditEvent, places: Places, hand=None) -> str:
    """"session 2, table 9[, hand 3]" for an event about a score sheet, or "" when unknown."""
    place = places.sheets.get(_sheet_id(event))
    if place is None:
        return _("hand %(hand)s") % {"hand": hand} if hand else ""
    session, table = place
    if hand:
        return _("session %(session)s, table %(table)s, hand %(hand)s") % {
            "session": session, "table": table, "hand": hand
        }
    return _("session %(session)s, table %(table)s") % {"session": session, "table": table}


def with_place(what: str, where: str = "", because: str = "") -> str:
    """The sentence, then where it happened, then the reason given."""
    if where:
        what = _("%(what)s — %(where)s") % {"what": what, "where": where}
    if because:
        what = _("%(what)s: %(reason)s") % {"what": what, "reason": because}
    return what


def session_number(detail: dict, event: AuditEvent, places: Places):
    if "session" in detail:
        return detail["session"]
    return places.sessions[int(event.object_id)]


def number_list(numbers) -> str:
    """[1, 2, 3, 5] -> "1–3, 5": table and session numbers as people write them."""
    values = sorted({int(n) for n in numbers})
    runs, start = [], None
    for i, value in enumerate(values):
        if start is None:
            start = value
        if i + 1 == len(values) or values[i + 1] != value + 1:
            runs.append(str(start) if start == value else f"{start}–{value}")
            start = None
    return pgettext("list separator", ", ").join(runs)


def word_list(items: Iterable) -> str:
    return pgettext("list separator", ", ").join(str(item) for item in items)


def _value(value) -> str:
    """A detail value in words: lists joined, nested dicts as "key: value", no Python syntax."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return pgettext("list separator", ", ").join(f"{_key(k)}: {_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return word_list(_value(item) for item in value) if value else "—"
    return str(value)


def _key(name: str) -> str:
    return str(name).replace("_", " ")


def fallback(event: AuditEvent) -> str:
    """The action's label and the detail as "key: value" pairs: for an event no sentence fits."""
    detail = _detail(event)
    label = action_label(event.action)
    if not detail:
        return label
    pairs = "; ".join(f"{_key(key)}: {_value(value)}" for key, value in detail.items())
    return _("%(label)s: %(detail)s") % {"label": label, "detail": pairs}


def _model_field(object_type: str, name: str):
    """The field `name` of the event's object's model, looked up by label: the core reads the
    model's own verbose names and choices without importing the app above it that owns it."""
    try:
        return apps.get_model(object_type)._meta.get_field(name)
    except (LookupError, ValueError, FieldDoesNotExist):
        return None


def _shown(object_type: str, name: str, value) -> str:
    """A stored value as the model's pages show it: choice labels, yes/no, tie-breaks by name."""
    if value in ("True", "False"):
        return _("yes") if value == "True" else _("no")
    if name == "tiebreaks" and isinstance(value, str) and value.startswith("["):
        try:
            codes = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return value
        labels = dict(Tiebreak.choices)
        return word_list(labels.get(code, code) for code in codes)
    model_field = _model_field(object_type, name)
    if model_field is not None and model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    return _value(value)


def describe_changes(object_type: str, pairs: Iterable[tuple[str, object, object]], labels: dict | None = None) -> str:
    """"name: A → B; status: Draft → Running" for the fields that changed, named by `labels` or
    by the model's verbose names."""
    parts = []
    for name, before, after in pairs:
        model_field = _model_field(object_type, name)
        label = (labels or {}).get(name) or (str(model_field.verbose_name) if model_field else _key(name))
        parts.append(
            _("%(field)s: %(before)s → %(after)s")
            % {"field": label, "before": _shown(object_type, name, before), "after": _shown(object_type, name, after)}
        )
    return "; ".join(parts)


def choice_label(event: AuditEvent, name: str, value) -> str:
    model_field = _model_field(event.object_type, name)
    if model_field is not None and model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    return str(value)


def when_shown(value) -> str:
    """An ISO time of an event's detail, in the time zone shown (the tournament's, on its pages)."""
    try:
        return timezone.localtime(dt.datetime.fromisoformat(value)).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return str(value or "")
