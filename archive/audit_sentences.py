"""The audit trail's sentences for a tournament imported from an archive.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import word_list


def _tournament_imported(d, event, places):
    players, teams, sessions, hands = d["players"], d["teams"], len(d["sessions"]), d["hands"]
    counts = word_list([
        ngettext("%(n)s player", "%(n)s players", players) % {"n": players},
        ngettext("%(n)s team", "%(n)s teams", teams) % {"n": teams},
        ngettext("%(n)s session", "%(n)s sessions", sessions) % {"n": sessions},
        ngettext("%(n)s hand", "%(n)s hands", hands) % {"n": hands},
    ])
    return _("Tournament imported from an archive: %(counts)s") % {"counts": counts}


SENTENCES = {
    AuditAction.TOURNAMENT_IMPORTED: _tournament_imported,
}
