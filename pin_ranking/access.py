"""Who may do what in the Pin register (the core's `tournaments.access` knows tournaments only).

- A committee member (a seat on any Pin committee, the core's `pin_committee` group, or a superuser)
  registers competitions, imports results, reads every ledger and the player search.
- The tournament's chief referee (裁判长) signs its results certificates (Appendix 9, 7.2 "比赛组委会
  有资质裁判签署的比赛成绩证明").
- A player reads their own ledger; everyone reads the public verification page.
"""

from django.utils.translation import gettext as _

from tournaments.access import is_pin_committee
from tournaments.errors import NotFound
from tournaments.models import Membership, Role


def is_committee_member(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if is_pin_committee(user):
        return True
    from pin_ranking.models import CommitteeSeat

    return CommitteeSeat.objects.filter(user=user).exists()


def is_chief_referee(user, tournament_id: int) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(user=user, tournament_id=tournament_id, role=Role.CHIEF_REFEREE).exists()


def committee_member_required(user) -> None:
    """404 unless `user` is a committee member. None is a management command, run by the operator
    (pages and the API pass the request's user, never None)."""
    if user is not None and not is_committee_member(user):
        raise NotFound(_("No such page."))
