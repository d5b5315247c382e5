"""The audit trail's sentences for the seating chart's events.

Registered with the core (tournaments.extensions.seams.audit_sentences) by this app's hooks.register(),
built from what this app's services put in each event's detail; tournaments.core.audit_display
holds the helpers and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import number_list


def _chart_generated(d, event, places):
    sessions = d["sessions"]
    what = ngettext(
        "Seating chart drawn for session %(sessions)s (seed %(seed)s)",
        "Seating chart drawn for sessions %(sessions)s (seed %(seed)s)",
        len(sessions),
    ) % {"sessions": number_list(sessions), "seed": d["seed"]}
    if d.get("avoid_country"):
        what = _("%(what)s, compatriots apart") % {"what": what}
    return what


def _seats_swapped(d, event, places):
    first, second = d["entries"]
    return _("Entries %(first)s and %(second)s swapped seats in session %(session)s") % {
        "first": first, "second": second, "session": d["session"]
    }


def _seated_by_standings(d, event, places):
    # The seating form's own names of its two methods.
    methods = {"top": _("Top vs top (1–4, 5–8, …)"), "snake": _("Snake")}
    return _("Session %(session)s seated by the standings: %(method)s") % {
        "session": d["session"], "method": methods.get(d["method"], d["method"])
    }


SENTENCES = {
    AuditAction.SEATING_CHART_GENERATED: _chart_generated,
    AuditAction.SEATING_SEATS_SWAPPED: _seats_swapped,
    AuditAction.SEATING_SEATED_BY_STANDINGS: _seated_by_standings,
}
