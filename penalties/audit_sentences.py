"""The audit trail's sentences for the penalties' events (3.11).

Registered with the core (tournaments.extensions.seams.audit_sentences) by this app's hooks.register(),
built from what this app's services put in each event's detail; tournaments.core.audit_display
holds the helpers and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import describe_changes, place_of, with_place


def _penalty_recorded(d, event, places):
    # The sanctions of rule 3.11 (penalties.catalogue.Sanction), each in its own words.
    values = {"entry": d["offender"], "points": d["points"], "article": d["article"], "victim": d.get("victim")}
    sanction = d["sanction"]
    if sanction == "disqualification":
        what = _("Entry %(entry)s disqualified (%(article)s)")
    elif sanction == "no_win":
        what = _("Entry %(entry)s loses the right to win (%(article)s)")
    elif sanction == "lateness" and d.get("forfeit"):
        what = _("Entry %(entry)s late: session forfeited (%(article)s)")
    elif sanction == "pay_each":
        what = _("Entry %(entry)s pays %(points)s points to each other player (%(article)s)")
    elif sanction == "pay_victim":
        what = _("Entry %(entry)s pays %(points)s points to entry %(victim)s (%(article)s)")
    elif sanction == "penalty_tiles":
        what = _("Entry %(entry)s's exposed tiles become penalty tiles (罚张, %(article)s)")
    elif not d["points"]:
        what = _("Warning to entry %(entry)s (%(article)s)")
    else:
        what = _("Penalty: %(points)s points deducted from entry %(entry)s (%(article)s)")
    return with_place(what % values, place_of(event, places, d.get("hand")))


def _penalty_cancelled(d, event, places):
    if d.get("article"):
        what = _("Penalty of entry %(entry)s cancelled (%(article)s)") % {
            "entry": d["offender"], "article": d["article"]
        }
    else:
        what = _("Penalty of entry %(entry)s cancelled") % {"entry": d["offender"]}
    return with_place(what, place_of(event, places, d.get("hand")), d.get("reason", ""))


def _penalty_renumbered(d, event, places):
    n = len(d["changed"])
    what = ngettext(
        "%(n)s penalty of entry %(entry)s renumbered after a cancellation",
        "%(n)s penalties of entry %(entry)s renumbered after a cancellation",
        n,
    ) % {"n": n, "entry": d["offender"]}
    return with_place(what, place_of(event, places, d.get("hand")))


def _disqualification_arranged(d, event, places):
    if d["arrangement"] == "substitute":
        return ngettext(
            "Substitute entry %(substitute)s takes %(n)s seat of disqualified entry %(entry)s",
            "Substitute entry %(substitute)s takes %(n)s seats of disqualified entry %(entry)s",
            d["seats_moved"],
        ) % {"substitute": d["substitute"], "n": d["seats_moved"], "entry": d["offender"]}
    # "play_on": only in events written before issue 12 (3.5.2 now requires a substitute).
    return _("The three others play on without disqualified entry %(entry)s") % {"entry": d["offender"]}


def _seats_returned(d, event, places):
    n = d["seats_returned"]
    return ngettext(
        "Entry %(entry)s gets back %(n)s seat from substitute entry %(substitute)s",
        "Entry %(entry)s gets back %(n)s seats from substitute entry %(substitute)s",
        n,
    ) % {"entry": d["player"], "n": n, "substitute": d["substitute"]}


def _rank_cancelled(d, event, places):
    return _("Rank of entry %(entry)s cancelled, name struck from the results (%(article)s)") % {
        "entry": d["entry"], "article": d["article"]
    } + (" — " + d["reason"] if d.get("reason") else "")


def _rank_restored(d, event, places):
    return _("Rank cancellation of entry %(entry)s withdrawn (%(article)s)") % {
        "entry": d["entry"], "article": d["article"]
    } + (" — " + d["reason"] if d.get("reason") else "")


def _rank_substitute(d, event, places):
    return ngettext(
        "Substitute entry %(substitute)s takes %(n)s seat of entry %(entry)s, whose rank is cancelled",
        "Substitute entry %(substitute)s takes %(n)s seats of entry %(entry)s, whose rank is cancelled",
        d["seats_moved"],
    ) % {"substitute": d["substitute"], "n": d["seats_moved"], "entry": d["entry"]}


def _penalty_policy_updated(d, event, places):
    before, after = d["escalation"]
    return _("Penalty settings changed: %(changes)s") % {
        "changes": describe_changes(event.object_type, [("escalation", before, after)])
    }


SENTENCES = {
    AuditAction.PENALTY_RECORDED: _penalty_recorded,
    AuditAction.PENALTY_CANCELLED: _penalty_cancelled,
    AuditAction.PENALTY_RENUMBERED: _penalty_renumbered,
    AuditAction.PENALTY_DISQUALIFICATION_ARRANGED: _disqualification_arranged,
    AuditAction.PENALTY_DISQUALIFICATION_SEATS_RETURNED: _seats_returned,
    AuditAction.PENALTY_POLICY_UPDATED: _penalty_policy_updated,
    AuditAction.PENALTY_RANK_CANCELLED: _rank_cancelled,
    AuditAction.PENALTY_RANK_RESTORED: _rank_restored,
    AuditAction.PENALTY_RANK_SUBSTITUTE: _rank_substitute,
}
