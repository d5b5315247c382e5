"""The audit trail's sentences for the Pin register's events (registered by this app's ready())."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import AuditAction


def _registered(d, event, places):
    return _("Registered for the Pin at level %(level)s: class %(klass)s, %(players)s players, %(sessions)s "
             "sessions, standings version %(version)s") % {
        "level": d["level"], "klass": d["class"], "players": d["players"], "sessions": d["sessions"],
        "version": d["standings_version"]}


def _unregistered(d, event, places):
    return _("Pin registration of “%(name)s” withdrawn: %(reason)s") % {"name": d["name"], "reason": d["reason"]}


def _imported(d, event, places):
    return ngettext("Results of “%(name)s” imported for the Pin: %(count)d player",
                    "Results of “%(name)s” imported for the Pin: %(count)d players", d["results"]) % {
        "name": d["name"], "count": d["results"]}


def _rejected(d, event, places):
    return ngettext("Results file “%(file)s” rejected: %(count)d problem",
                    "Results file “%(file)s” rejected: %(count)d problems", d["problems"]) % {
        "file": d["file"], "count": d["problems"]}


def _corrected(d, event, places):
    return ngettext("Pin results corrected from standings version %(version)s: %(count)d player changed",
                    "Pin results corrected from standings version %(version)s: %(count)d players changed",
                    d["changed"]) % {"version": d["standings_version"], "count": d["changed"]}


def _signed(d, event, places):
    return ngettext("%(count)d results certificate signed", "%(count)d results certificates signed",
                    d.get("count", 1)) % {"count": d.get("count", 1)}


def _superseded(d, event, places):
    return _("Results certificate %(code)s of %(name)s superseded by a correction") % {
        "code": d["code"], "name": d["name"]}


def _register_updated(d, event, places):
    parts = []
    if "edition" in d:
        parts.append(_("Pin register now follows the %(edition)s edition (%(count)s open applications re-routed)")
                     % {"edition": d["edition"][1], "count": d.get("rerouted", 0)})
    if "delegate_to_members" in d:
        parts.append(_("member organizations now register their own country's competitions below class A")
                     if d["delegate_to_members"][1] else
                     _("only the world body registers competitions"))
    return "; ".join(parts)


def _recomputed(d, event, places):
    return ngettext("Pin ledgers recomputed: %(count)d ledger changed", "Pin ledgers recomputed: %(count)d ledgers "
                    "changed", d["changed"]) % {"count": d["changed"]}


def _seat(d, event, places):
    return _("%(user)s given a seat on %(committee)s") % {"user": d["user"], "committee": d["committee"]}


def _filed(d, event, places):
    text = _("Application for %(track)s %(pin)s filed to %(committee)s (ledger version %(version)s)") % {
        "track": _("Web Pin") if d["track"] == "web_pin" else _("Pin"), "pin": d["pin"], "committee": d["committee"],
        "version": d["ledger_version"]}
    return text + (_(", on the player's behalf") if d.get("on_behalf") else "")


def _answered(d, event, places):
    # No personal field, no text: the answer may hold them, and the audit page is read by more people.
    if d.get("results_refreshed"):
        return _("The player answered the committee and refreshed the results from the ledger (version %(v)s)") % {
            "v": d.get("version")}
    return _("The player answered the committee (version %(v)s)") % {"v": d.get("version")}


def _decided(d, event, places):
    if d["decision"] == "approve":
        return _("Pin application approved: Pin %(pin)s, certificate %(number)s") % {"pin": d["pin"],
                                                                                     "number": d["number"]}
    if d["decision"] == "reject":
        return _("Pin application rejected: %(reason)s") % {"reason": d["reason"]}
    return _("More information asked for the Pin application: %(reason)s") % {"reason": d["reason"]}


def _confirmed(d, event, places):
    return _("The player confirmed the application filed on their behalf and accepted the pledge")


def _committee_created(d, event, places):
    return _("Pin committee “%(name)s” created (%(kind)s%(country)s)") % {
        "name": d["name"], "kind": d["kind"], "country": f", {d['country']}" if d.get("country") else ""}


def _committee_retired(d, event, places):
    return _("Pin committee “%(name)s” retired — %(reason)s") % {"name": d["name"], "reason": d["reason"]}


def _committee_changed(d, event, places):
    return _("Pin committee renamed “%(name)s”") % {"name": d["name"]}


def _seat_revoked(d, event, places):
    return _("%(user)s no longer sits on %(committee)s") % {"user": d["user"], "committee": d["committee"]}


def _admin_granted(d, event, places):
    return _("%(user)s named administrator of the Pin register") % {"user": d["user"]}


def _admin_revoked(d, event, places):
    return _("%(user)s is no longer administrator of the Pin register") % {"user": d["user"]}


def _review(d, event, places):
    return _("Results file “%(file)s” waits for review: %(unknown)s unknown players, %(names)s differing names") % {
        "file": d["file"], "unknown": d["unknown"], "names": d["names"]}


def _merged(d, event, places):
    return _("Player %(merged)s merged into player %(kept)s (%(results)s results moved): %(reason)s") % {
        "merged": d["merged"], "kept": d["kept"], "results": len(d.get("results", [])), "reason": d["reason"]}


def _awards_imported(d, event, places):
    return ngettext("%(n)d Pin imported from an earlier register's file “%(file)s”",
                    "%(n)d Pins imported from an earlier register's file “%(file)s”", d["awards"]) % {
        "n": d["awards"], "file": d["file"]}


def _claim_filed(d, event, places):
    return _("An account claimed the Pin record of %(name)s (record %(player)s)") % {"name": d["name"],
                                                                                 "player": d["player"]}


def _claim_decided(d, event, places):
    if d["confirmed"]:
        return _("Claim of the Pin record of %(name)s confirmed: the account is linked") % {"name": d["name"]}
    return _("Claim of the Pin record of %(name)s refused — %(reason)s") % {"name": d["name"], "reason": d["reason"]}


def _merge_undone(d, event, places):
    return _("Merge of player %(merged)s into player %(kept)s undone") % {"merged": d["merged"], "kept": d["kept"]}


def _award_entered(d, event, places):
    return _("Paper certificate %(number)s entered: %(name)s, Pin %(pin)s awarded on %(date)s") % {
        "number": d["number"], "name": d["name"], "pin": d["pin"], "date": d["awarded_on"]}


SENTENCES = {
    AuditAction.PIN_COMPETITION_REGISTERED: _registered,
    AuditAction.PIN_COMPETITION_UNREGISTERED: _unregistered,
    AuditAction.PIN_RESULTS_IMPORTED: _imported,
    AuditAction.PIN_RESULTS_IMPORT_REJECTED: _rejected,
    AuditAction.PIN_RESULTS_CORRECTED: _corrected,
    AuditAction.PIN_CERTIFICATE_SIGNED: _signed,
    AuditAction.PIN_CERTIFICATE_SUPERSEDED: _superseded,
    AuditAction.PIN_REGISTER_UPDATED: _register_updated,
    AuditAction.PIN_LEDGERS_RECOMPUTED: _recomputed,
    AuditAction.PIN_COMMITTEE_SEAT_GRANTED: _seat,
    AuditAction.PIN_APPLICATION_FILED: _filed,
    AuditAction.PIN_APPLICATION_DECIDED: _decided,
    AuditAction.PIN_APPLICATION_ANSWERED: _answered,
    AuditAction.PIN_APPLICATION_CONFIRMED: _confirmed,
    AuditAction.PIN_COMMITTEE_CREATED: _committee_created,
    AuditAction.PIN_COMMITTEE_CHANGED: _committee_changed,
    AuditAction.PIN_COMMITTEE_RETIRED: _committee_retired,
    AuditAction.PIN_COMMITTEE_SEAT_REVOKED: _seat_revoked,
    AuditAction.PIN_REGISTER_ADMIN_GRANTED: _admin_granted,
    AuditAction.PIN_REGISTER_ADMIN_REVOKED: _admin_revoked,
    AuditAction.PIN_RESULTS_IMPORT_REVIEW: _review,
    AuditAction.PIN_PLAYERS_MERGED: _merged,
    AuditAction.PIN_PLAYERS_MERGE_UNDONE: _merge_undone,
    AuditAction.PIN_CLAIM_FILED: _claim_filed,
    AuditAction.PIN_AWARDS_IMPORTED: _awards_imported,
    AuditAction.PIN_CLAIM_DECIDED: _claim_decided,
    AuditAction.PIN_AWARD_ENTERED: _award_entered,
}
