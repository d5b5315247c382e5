"""The audit trail's sentences for the tournament, its roles, players, registrations, groups and PINs.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import describe_changes
from tournaments.models import Role, Tournament


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


def _tournament_hidden(d, event, places):
    return _("Draft hidden from the home page") if d["hidden"] else _("Draft shown on the home page again")


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


def role_words(d) -> str:
    role = str(Role(d["role"]).label)
    if d.get("team"):
        return _("%(role)s of %(team)s") % {"role": role, "team": d["team"]}
    return role


def _membership_granted(d, event, places):
    return _("Role given to %(user)s: %(role)s") % {"user": d["user"], "role": role_words(d)}


def _membership_revoked(d, event, places):
    return _("Role taken from %(user)s: %(role)s") % {"user": d["user"], "role": role_words(d)}


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


def _pins_issued(d, event, places):
    n = d["count"]
    return ngettext(
        "Confirmation PIN issued to %(n)s player", "Confirmation PINs issued to %(n)s players", n
    ) % {"n": n}


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


SENTENCES = {
    AuditAction.TOURNAMENT_CREATED: _tournament_created,
    AuditAction.TOURNAMENT_UPDATED: _tournament_updated,
    AuditAction.TOURNAMENT_STATUS_CHANGED: _tournament_status_changed,
    AuditAction.TOURNAMENT_HIDDEN: _tournament_hidden,
    AuditAction.MEMBERSHIP_GRANTED: _membership_granted,
    AuditAction.MEMBERSHIP_REVOKED: _membership_revoked,
    AuditAction.PLAYER_LINKED: _player_linked,
    AuditAction.TEAM_LEADER_CLEARED: _team_leader_cleared,
    AuditAction.REGISTRATION_UPDATED: _registration_updated,
    AuditAction.PINS_ISSUED: _pins_issued,
    AuditAction.GROUP_CREATED: _group_created,
    AuditAction.GROUP_RENAMED: _group_renamed,
    AuditAction.GROUP_DELETED: _group_deleted,
    AuditAction.REGISTRATION_GROUP_SET: _registration_group_set,
}
