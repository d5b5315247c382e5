"""The audit trail's sentences for score sheets and their hands.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import place_of, with_place, word_list


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
    ) % {"entries": word_list(missing)}
    return with_place(what, place_of(event, places), d.get("reason", ""))


def _sheet_remarks_set(d, event, places):
    if not d.get("remarks"):
        return with_place(_("Score sheet remarks removed"), place_of(event, places))
    return with_place(_("Score sheet remarks written"), place_of(event, places), d["remarks"])


SENTENCES = {
    AuditAction.SHEET_REFEREE_ASSIGNED: _referee_assigned,
    AuditAction.HAND_RECORDED: _hand_recorded,
    AuditAction.HAND_CORRECTED: _hand_corrected,
    AuditAction.HAND_OBJECTION_RECORDED: _hand_objection,
    AuditAction.HAND_DELETED: _hand_deleted,
    AuditAction.SHEET_CLOSED: _sheet_closed,
    AuditAction.SHEET_CONFIRMED: _sheet_confirmed,
    AuditAction.SHEET_LOCKED: _sheet_locked,
    AuditAction.SHEET_REMARKS_SET: _sheet_remarks_set,
}
