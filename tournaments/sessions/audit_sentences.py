"""The audit trail's sentences for tables, seats, sessions started and ended, qualifiers, check-in.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import number_list, session_number


def _tables_created(d, event, places):
    numbers = d["numbers"]
    return ngettext("Table %(numbers)s created", "Tables %(numbers)s created", len(numbers)) % {
        "numbers": number_list(numbers)
    }


def _seats_set(d, event, places):
    n = len(d["tables"])
    return ngettext(
        "Seats set for session %(session)s: %(n)s table", "Seats set for session %(session)s: %(n)s tables", n
    ) % {"session": session_number(d, event, places), "n": n}


def _session_started(d, event, places):
    n = d["tables"]
    return ngettext(
        "Session %(session)s started at %(n)s table", "Session %(session)s started at %(n)s tables", n
    ) % {"session": session_number(d, event, places), "n": n}


def _session_scheduled(d, event, places):
    session = session_number(d, event, places)
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
    ) % {"session": session_number(d, event, places), "tables": tables}


def _session_ended(d, event, places):
    session = session_number(d, event, places)
    closed = d.get("closed_tables") or []
    if not closed:
        return _("Session %(session)s ended") % {"session": session}
    return ngettext(
        "Session %(session)s ended; time was up at table %(tables)s",
        "Session %(session)s ended; time was up at tables %(tables)s",
        len(closed),
    ) % {"session": session, "tables": number_list(closed)}


def _qualification_set(d, event, places):
    session = session_number(d, event, places)
    if d["qualification"] == "all":
        return _("Session %(session)s: every player plays") % {"session": session}
    return ngettext(
        "Session %(session)s: %(n)s qualifier plays", "Session %(session)s: %(n)s qualifiers play", len(d["entries"])
    ) % {"session": session, "n": len(d["entries"])}


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


SENTENCES = {
    AuditAction.TABLES_CREATED: _tables_created,
    AuditAction.SESSION_SEATS_SET: _seats_set,
    AuditAction.SESSION_STARTED: _session_started,
    AuditAction.SESSION_SCHEDULED: _session_scheduled,
    AuditAction.SESSION_TABLES_STARTED: _session_tables_started,
    AuditAction.SESSION_ENDED: _session_ended,
    AuditAction.SESSION_QUALIFICATION_SET: _qualification_set,
    AuditAction.REGISTRATION_CHECKED_IN: _checked_in,
    AuditAction.REGISTRATION_CHECK_IN_UNDONE: _check_in_undone,
}
