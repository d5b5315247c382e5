"""The audit trail's sentences for roster files and single-player changes after the chart is drawn.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from roster.models import ImportJob
from tournaments.audit import AuditAction
from tournaments.core.audit_display import number_list


def _registration_added(d, event, places):
    text = _("Entry %(entry)s registered: %(name)s") % {"entry": d["entry"], "name": d["name"]}
    if d.get("reserve"):
        text += "; " + _("a reserve (not seated)")
    elif d.get("seated_from"):
        text += "; " + _("seated from session %(n)s") % {"n": d["seated_from"]}
    if d.get("redraw"):
        text += "; " + _("the seats of session(s) %(sessions)s must be drawn again") % {
            "sessions": number_list(d["redraw"])}
    return text


def _registration_reserve_set(d, event, places):
    if d["reserve"]:
        text = _("Entry %(entry)s made a reserve (not seated)") % {"entry": d["entry"]}
        if d.get("redraw"):
            text += "; " + _("the seats of session(s) %(sessions)s must be drawn again") % {
                "sessions": number_list(d["redraw"])}
        return text
    text = _("Entry %(entry)s made a player") % {"entry": d["entry"]}
    if d.get("seated_from"):
        text += "; " + _("seated from session %(n)s") % {"n": d["seated_from"]}
    return text


def _registration_deleted(d, event, places):
    text = _("Entry %(entry)s deleted: %(name)s") % {"entry": d["entry"], "name": d["name"]}
    if d.get("cleared"):
        text += "; " + _("the seats of session(s) %(sessions)s must be drawn again") % {
            "sessions": number_list(d["cleared"])}
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


def _kind(d) -> str:
    return str(ImportJob.Kind(d["kind"]).label)


def _import_queued(d, event, places):
    return _("Roster file “%(file)s” uploaded (%(kind)s)") % {"file": d["filename"], "kind": _kind(d)}


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


def _team_created(d, event, places):
    return _("Team “%(name)s” created") % {"name": d["name"]}


def _team_deleted(d, event, places):
    return _("Team “%(name)s” deleted") % {"name": d["name"]}


SENTENCES = {
    AuditAction.TEAM_CREATED: _team_created,
    AuditAction.TEAM_DELETED: _team_deleted,
    AuditAction.REGISTRATION_ADDED: _registration_added,
    AuditAction.REGISTRATION_RESERVE_SET: _registration_reserve_set,
    AuditAction.REGISTRATION_DELETED: _registration_deleted,
    AuditAction.REGISTRATION_WITHDRAWN: _registration_withdrawn,
    AuditAction.REGISTRATION_WITHDRAWAL_UNDONE: _registration_withdrawal_undone,
    AuditAction.REGISTRATION_SUBSTITUTED: _registration_substituted,
    AuditAction.IMPORT_QUEUED: _import_queued,
    AuditAction.IMPORT_DONE: _import_done,
    AuditAction.IMPORT_FAILED: _import_failed,
}
