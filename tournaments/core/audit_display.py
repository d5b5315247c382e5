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
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments import extensions
from tournaments.audit import AuditAction
from tournaments.models import AuditEvent, ImportJob, Role, ScoreSheet, Session, Tournament
from tournaments.models.core import Tiebreak

SHEET_TYPE = ScoreSheet._meta.label_lower
SESSION_TYPE = Session._meta.label_lower


def group_labels() -> list[tuple[str, tuple[str, ...]]]:
    """The filter's groups of actions, by the prefix of their codes, in the order of play."""
    return [
        (_("Tournament, staff and players"), ("tournament", "membership", "player", "team", "registration", "pins",
                                              "import", "group", "document")),
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
    # The core's own actions here; the apps' from their modules, through tournaments.extensions.
    sentence = _SENTENCES.get(action) or extensions.audit_sentence(action)
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


def _session_number(detail: dict, event: AuditEvent, places: Places):
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


def _list(items: Iterable) -> str:
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
        return _list(_value(item) for item in value) if value else "—"
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
        return _list(labels.get(code, code) for code in codes)
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


# --- one sentence per action -------------------------------------------------------------------


def _tournament_created(d, event, places):
    n = d["planned_sessions"]
    return ngettext(
        "Tournament “%(name)s” created with %(n)s session",
        "Tournament “%(name)s” created with %(n)s sessions",
        n,
    ) % {"name": d["name"], "n": n}


def _tournament_updated(d, event, places):
    if not d:
        return _("Tournament saved with no change")
    pairs = ((name, pair[0], pair[1]) for name, pair in d.items())
    changes = describe_changes(event.object_type, pairs, {"name": pgettext("a tournament's", "name")})
    return _("Tournament changed: %(changes)s") % {"changes": changes}


_STATUS_BECAUSE = {
    "organizer": gettext_lazy("by the organizer"),
    "session_start": gettext_lazy("as session %(session)s started"),
    "results_final": gettext_lazy("as the results became final"),
    "migration": gettext_lazy("as its sessions had started (on upgrade)"),
}


def _tournament_status_changed(d, event, places):
    because = str(_STATUS_BECAUSE.get(d.get("because"), _STATUS_BECAUSE["organizer"]))
    if "%(session)s" in because:
        because = because % {"session": d.get("session")}
    return _("Tournament %(before)s → %(after)s, %(because)s") % {
        "before": Tournament.Status(d["before"]).label, "after": Tournament.Status(d["after"]).label,
        "because": because,
    }


def _tournament_imported(d, event, places):
    players, teams, sessions, hands = d["players"], d["teams"], len(d["sessions"]), d["hands"]
    counts = _list([
        ngettext("%(n)s player", "%(n)s players", players) % {"n": players},
        ngettext("%(n)s team", "%(n)s teams", teams) % {"n": teams},
        ngettext("%(n)s session", "%(n)s sessions", sessions) % {"n": sessions},
        ngettext("%(n)s hand", "%(n)s hands", hands) % {"n": hands},
    ])
    return _("Tournament imported from an archive: %(counts)s") % {"counts": counts}


def _role(d) -> str:
    role = str(Role(d["role"]).label)
    if d.get("team"):
        return _("%(role)s of %(team)s") % {"role": role, "team": d["team"]}
    return role


def _membership_granted(d, event, places):
    return _("Role given to %(user)s: %(role)s") % {"user": d["user"], "role": _role(d)}


def _membership_revoked(d, event, places):
    return _("Role taken from %(user)s: %(role)s") % {"user": d["user"], "role": _role(d)}


def _membership_invited(d, event, places):
    if d.get("email"):
        return _("Invitation sent to %(email)s: %(role)s") % {"email": d["email"], "role": _role(d)}
    return _("Invitation link created: %(role)s") % {"role": _role(d)}


def _membership_invitation_accepted(d, event, places):
    return _("%(user)s accepted an invitation: %(role)s") % {"user": d["user"], "role": _role(d)}


def _membership_invitation_cancelled(d, event, places):
    return _("Invitation cancelled: %(role)s") % {"role": _role(d)}


def _membership_account_created(d, event, places):
    return _("Account %(user)s created with a one-time password: %(role)s") % {"user": d["user"], "role": _role(d)}


def _membership_password_set(d, event, places):
    return _("%(user)s replaced their one-time password") % {"user": d["user"]}


def _when(value) -> str:
    """An ISO time of an event's detail, in the time zone shown (the tournament's, on its pages)."""
    try:
        return timezone.localtime(dt.datetime.fromisoformat(value)).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return str(value or "")


def _membership_otp_renewed(d, event, places):
    return _("New one-time password for %(user)s, valid until %(until)s") % {
        "user": d["user"], "until": _when(d.get("expires_at"))}


def _membership_otp_revoked(d, event, places):
    return _("One-time password of %(user)s revoked") % {"user": d["user"]}


def _player_linked(d, event, places):
    if "player" in d:
        return _("Player %(player)s linked to the account %(user)s") % {"player": d["player"], "user": d["user"]}
    return _("A player linked to the account %(user)s") % {"user": d["user"]}


def _team_leader_cleared(d, event, places):
    return _("%(team)s has no team leader any more: entry %(entry)s left the team") % {
        "team": d["team"], "entry": d["entry"]
    }


def _registration_updated(d, event, places):
    before, after = d["before"], d["after"]
    changed = [(key, before.get(key), after[key]) for key in after if before.get(key) != after[key]]
    changes = describe_changes(event.object_type, changed, {"name": pgettext("a player's", "name")})
    if "entry" not in d:
        return _("Registration changed: %(changes)s") % {"changes": changes} if changed else _("Registration saved")
    if not changed:
        return _("Details of entry %(entry)s saved") % {"entry": d["entry"]}
    return _("Entry %(entry)s changed: %(changes)s") % {"entry": d["entry"], "changes": changes}


def _registration_added(d, event, places):
    text = _("Entry %(entry)s registered: %(name)s") % {"entry": d["entry"], "name": d["name"]}
    if d.get("redraw"):
        text += "; " + _("the seats of session(s) %(sessions)s must be drawn again") % {
            "sessions": number_list(d["redraw"])}
    return text


def _registration_withdrawn(d, event, places):
    text = _("Entry %(entry)s withdrew") % {"entry": d["entry"]}
    if d.get("reason"):
        text += " (" + d["reason"] + ")"
    if d.get("seats_in"):
        text += "; " + _("their tables in session(s) %(sessions)s wait for a substitute") % {
            "sessions": number_list(d["seats_in"])}
    return text


def _registration_withdrawal_undone(d, event, places):
    text = _("Entry %(entry)s's withdrawal undone") % {"entry": d["entry"]}
    if d.get("reason"):
        text += " (" + d["reason"] + ")"
    if d.get("missed"):
        text += "; " + _("session(s) %(sessions)s were played without them") % {"sessions": number_list(d["missed"])}
    return text


def _registration_substituted(d, event, places):
    return ngettext(
        "Entry %(substitute)s takes the place of entry %(entry)s (%(n)d seat)",
        "Entry %(substitute)s takes the place of entry %(entry)s (%(n)d seats)",
        d["seats_moved"],
    ) % {"substitute": d["substitute"], "entry": d["entry"], "n": d["seats_moved"]}


def _checked_in(d, event, places):
    if "session" not in d:  # before check-in was per session (3.5.7.1)
        return _("Entry %(entry)s checked in") % {"entry": d["entry"]}
    values = {"entry": d["entry"], "n": d["session"], "table": d.get("table")}
    if d.get("how") == "player_pin":
        return _("Entry %(entry)s checked in for session %(n)s at table %(table)s with their PIN") % values
    return _("Entry %(entry)s checked in for session %(n)s (table %(table)s)") % values


def _check_in_undone(d, event, places):
    if "session" not in d:
        return _("Check-in of entry %(entry)s undone") % {"entry": d["entry"]}
    return _("Check-in of entry %(entry)s for session %(n)s undone") % {"entry": d["entry"], "n": d["session"]}


def _pins_issued(d, event, places):
    n = d["count"]
    return ngettext(
        "Confirmation PIN issued to %(n)s player", "Confirmation PINs issued to %(n)s players", n
    ) % {"n": n}


def _pin_reissued(d, event, places):
    return _("New confirmation PIN issued to entry %(entry)s") % {"entry": d["entry"]}


def _kind(d) -> str:
    return str(ImportJob.Kind(d["kind"]).label)


def _import_queued(d, event, places):
    return _("Roster file “%(file)s” uploaded (%(kind)s)") % {"file": d["filename"], "kind": _kind(d)}


def _document_requested(d, event, places):
    return _("Document “%(file)s” requested (made by the worker)") % {"file": d["filename"]}


def _import_done(d, event, places):
    return ngettext(
        "Roster file imported (%(kind)s): %(n)s row", "Roster file imported (%(kind)s): %(n)s rows", d["rows"]
    ) % {"kind": _kind(d), "n": d["rows"]}


def _import_failed(d, event, places):
    return ngettext(
        "Roster file rejected (%(kind)s): %(n)s problem",
        "Roster file rejected (%(kind)s): %(n)s problems",
        d["problems"],
    ) % {"kind": _kind(d), "n": d["problems"]}


def _tables_created(d, event, places):
    numbers = d["numbers"]
    return ngettext("Table %(numbers)s created", "Tables %(numbers)s created", len(numbers)) % {
        "numbers": number_list(numbers)
    }


def _seats_set(d, event, places):
    n = len(d["tables"])
    return ngettext(
        "Seats set for session %(session)s: %(n)s table", "Seats set for session %(session)s: %(n)s tables", n
    ) % {"session": _session_number(d, event, places), "n": n}


def _session_started(d, event, places):
    n = d["tables"]
    return ngettext(
        "Session %(session)s started at %(n)s table", "Session %(session)s started at %(n)s tables", n
    ) % {"session": _session_number(d, event, places), "n": n}


def _session_scheduled(d, event, places):
    session = _session_number(d, event, places)
    if not d.get("scheduled_start"):
        return _("Scheduled start of session %(session)s cleared") % {"session": session}
    return _("Session %(session)s scheduled to start at %(time)s") % {
        "session": session, "time": d["scheduled_start"][:16].replace("T", " ")
    }


def _session_tables_started(d, event, places):
    # 3.11.4: tables held back at the start because a 停赛 player held a seat, started once a
    # substitute took it.
    tables = ", ".join(str(n) for n in d["tables"])
    return ngettext(
        "Session %(session)s: held table %(tables)s started",
        "Session %(session)s: held tables %(tables)s started",
        len(d["tables"]),
    ) % {"session": _session_number(d, event, places), "tables": tables}


def _session_ended(d, event, places):
    session = _session_number(d, event, places)
    closed = d.get("closed_tables") or []
    if not closed:
        return _("Session %(session)s ended") % {"session": session}
    return ngettext(
        "Session %(session)s ended; time was up at table %(tables)s",
        "Session %(session)s ended; time was up at tables %(tables)s",
        len(closed),
    ) % {"session": session, "tables": number_list(closed)}


def _referee_assigned(d, event, places):
    return with_place(_("Referee %(referee)s assigned") % {"referee": d["referee"]}, place_of(event, places))


def _hand_recorded(d, event, places):
    if d.get("result") == "draw":
        what = _("Hand %(hand)s recorded as a draw") % {"hand": d["number"]}
    else:
        what = _("Hand %(hand)s recorded") % {"hand": d["number"]}
    return with_place(what, place_of(event, places))


def _hand_corrected(d, event, places):
    what = _("Hand %(hand)s corrected") % {"hand": d["number"]}
    reason = d.get("reason", "")
    if d.get("basis") == "appeal":  # a signed sheet (3.9.1.4, 3.11.6.11(7)): what the change rests on
        what = _("%(what)s on upheld appeal #%(ref)s (rule %(article)s)") % {
            "what": what, "ref": d.get("reference", ""), "article": d.get("article", "")}
    elif d.get("basis") == "objection":
        what = _("%(what)s on an objection made before signing (rule %(article)s)") % {
            "what": what, "article": d.get("article", "")}
        if d.get("reference"):
            what = f"{what} #{d['reference']}"
    return with_place(what, place_of(event, places), reason)


def _hand_objection(d, event, places):
    return with_place(_("Objection on hand %(hand)s recorded at the table (#%(id)s): %(text)s") % {
        "hand": d["number"], "id": d["objection"], "text": d["text"]}, place_of(event, places))


def _hand_deleted(d, event, places):
    return with_place(_("Hand %(hand)s taken back") % {"hand": d["number"]}, place_of(event, places))


def _sheet_closed(d, event, places):
    n = d["hands"]
    if d.get("ended_by_time"):
        what = ngettext(
            "Score sheet closed at time-up after %(n)s hand", "Score sheet closed at time-up after %(n)s hands", n
        ) % {"n": n}
    else:
        what = ngettext("Score sheet closed after %(n)s hand", "Score sheet closed after %(n)s hands", n) % {"n": n}
    return with_place(what, place_of(event, places))


def _sheet_confirmed(d, event, places):
    return with_place(_("Entry %(entry)s confirmed the score sheet") % {"entry": d["entry"]}, place_of(event, places))


def _sheet_locked(d, event, places):
    missing = d.get("unconfirmed") or []
    if not missing:
        return with_place(pgettext("audit sentence", "Score sheet signed"), place_of(event, places))
    what = ngettext(
        "Score sheet signed without the confirmation of entry %(entries)s",
        "Score sheet signed without the confirmation of entries %(entries)s",
        len(missing),
    ) % {"entries": _list(missing)}
    return with_place(what, place_of(event, places), d.get("reason", ""))


def _sheet_remarks_set(d, event, places):
    if not d.get("remarks"):
        return with_place(_("Score sheet remarks removed"), place_of(event, places))
    return with_place(_("Score sheet remarks written"), place_of(event, places), d["remarks"])


def _group_created(d, event, places):
    return _("Group “%(group)s” created") % {"group": d["group"]}


def _group_renamed(d, event, places):
    return _("Group “%(before)s” renamed “%(group)s”") % {"before": d["before"], "group": d["group"]}


def _group_deleted(d, event, places):
    return _("Group “%(group)s” deleted") % {"group": d["group"]}


def _registration_group_set(d, event, places):
    if d.get("group"):
        return _("Entry %(entry)s put in group “%(group)s”") % {"entry": d["entry"], "group": d["group"]}
    return _("Entry %(entry)s taken out of their group") % {"entry": d["entry"]}


def _qualification_set(d, event, places):
    session = _session_number(d, event, places)
    if d["qualification"] == "all":
        return _("Session %(session)s: every player plays") % {"session": session}
    return ngettext(
        "Session %(session)s: %(n)s qualifier plays", "Session %(session)s: %(n)s qualifiers play", len(d["entries"])
    ) % {"session": session, "n": len(d["entries"])}


def _referees_planned(d, event, places):
    planned = pgettext("list separator", ", ").join(
        _("table %(table)s: %(user)s") % {"table": table, "user": user or "—"} for table, user in d["tables"]
    )
    return _("Session %(session)s, referees planned: %(planned)s") % {"session": d["session"], "planned": planned}


def _standings_recomputed(d, event, places):
    return _("Standings recomputed: version %(version)s") % {"version": d["version"]}


def _standings_requested(d, event, places):
    return _("Standings recomputation requested")


_SENTENCES = {
    AuditAction.TOURNAMENT_CREATED: _tournament_created,
    AuditAction.TOURNAMENT_UPDATED: _tournament_updated,
    AuditAction.TOURNAMENT_IMPORTED: _tournament_imported,
    AuditAction.TOURNAMENT_STATUS_CHANGED: _tournament_status_changed,
    AuditAction.MEMBERSHIP_GRANTED: _membership_granted,
    AuditAction.MEMBERSHIP_REVOKED: _membership_revoked,
    AuditAction.MEMBERSHIP_INVITED: _membership_invited,
    AuditAction.MEMBERSHIP_INVITATION_ACCEPTED: _membership_invitation_accepted,
    AuditAction.MEMBERSHIP_INVITATION_CANCELLED: _membership_invitation_cancelled,
    AuditAction.MEMBERSHIP_ACCOUNT_CREATED: _membership_account_created,
    AuditAction.MEMBERSHIP_PASSWORD_SET: _membership_password_set,
    AuditAction.MEMBERSHIP_OTP_RENEWED: _membership_otp_renewed,
    AuditAction.MEMBERSHIP_OTP_REVOKED: _membership_otp_revoked,
    AuditAction.PLAYER_LINKED: _player_linked,
    AuditAction.TEAM_LEADER_CLEARED: _team_leader_cleared,
    AuditAction.REGISTRATION_UPDATED: _registration_updated,
    AuditAction.REGISTRATION_ADDED: _registration_added,
    AuditAction.REGISTRATION_WITHDRAWN: _registration_withdrawn,
    AuditAction.REGISTRATION_SUBSTITUTED: _registration_substituted,
    AuditAction.REGISTRATION_WITHDRAWAL_UNDONE: _registration_withdrawal_undone,
    AuditAction.REGISTRATION_CHECKED_IN: _checked_in,
    AuditAction.REGISTRATION_CHECK_IN_UNDONE: _check_in_undone,
    AuditAction.PINS_ISSUED: _pins_issued,
    AuditAction.PIN_REISSUED: _pin_reissued,
    AuditAction.GROUP_CREATED: _group_created,
    AuditAction.GROUP_RENAMED: _group_renamed,
    AuditAction.GROUP_DELETED: _group_deleted,
    AuditAction.REGISTRATION_GROUP_SET: _registration_group_set,
    AuditAction.SESSION_QUALIFICATION_SET: _qualification_set,
    AuditAction.IMPORT_QUEUED: _import_queued,
    AuditAction.IMPORT_DONE: _import_done,
    AuditAction.DOCUMENT_REQUESTED: _document_requested,
    AuditAction.IMPORT_FAILED: _import_failed,
    AuditAction.TABLES_CREATED: _tables_created,
    AuditAction.SESSION_SEATS_SET: _seats_set,
    AuditAction.SESSION_STARTED: _session_started,
    AuditAction.SESSION_TABLES_STARTED: _session_tables_started,
    AuditAction.SESSION_ENDED: _session_ended,
    AuditAction.SESSION_SCHEDULED: _session_scheduled,
    AuditAction.SESSION_REFEREES_PLANNED: _referees_planned,
    AuditAction.SHEET_REFEREE_ASSIGNED: _referee_assigned,
    AuditAction.HAND_RECORDED: _hand_recorded,
    AuditAction.HAND_CORRECTED: _hand_corrected,
    AuditAction.HAND_DELETED: _hand_deleted,
    AuditAction.HAND_OBJECTION_RECORDED: _hand_objection,
    AuditAction.SHEET_CLOSED: _sheet_closed,
    AuditAction.SHEET_CONFIRMED: _sheet_confirmed,
    AuditAction.SHEET_LOCKED: _sheet_locked,
    AuditAction.SHEET_REMARKS_SET: _sheet_remarks_set,
    AuditAction.STANDINGS_RECOMPUTED: _standings_recomputed,
    AuditAction.STANDINGS_RECOMPUTE_REQUESTED: _standings_requested,
}
