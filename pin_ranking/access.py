"""Who may do what in the Pin register (the core's `tournaments.access` knows tournaments only).

- The register's administrator (the `pin_register_admin` group, given on the committees page or by
  `manage.py pin_committee admin`; a superuser is one) creates committees and seats their members
  (6.1 世界麻将竞赛中心设立麻将品级委员会). The role reads no application and decides nothing.
- A seat on a committee: the world body's (6.1), a member organization's (2014, 7.3), an authorized
  website's (Web Pins). Each reads and decides the applications addressed to it (7.3), and the ledgers
  in its scope: the world body every player, a member organization its country's players, a website
  the players with web results.
- Registering, unregistering, importing results and the register's settings belong to the world body
  (4.4 在世界麻将竞赛中心注册或授权认可). Where the world body delegates (`PinRegister.delegate_to_members`),
  a member organization registers its own country's competitions below class A.
- The tournament's chief referee (裁判长) signs its results certificates (7.2 比赛组委会有资质裁判签署的
  比赛成绩证明). A player reads their own ledger; everyone reads the public register and verification.

`None` as the actor is a management command run by the operator (pages and the API always pass the
request's user).
"""

from dataclasses import dataclass

from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Membership, Role

REGISTER_ADMIN_GROUP = "pin_register_admin"


def register_admin_group() -> Group:
    group, _created = Group.objects.get_or_create(name=REGISTER_ADMIN_GROUP)
    return group


def _signed_in(user) -> bool:
    return user is not None and user.is_authenticated


def is_register_admin(user) -> bool:
    if not _signed_in(user):
        return False
    return user.is_superuser or user.groups.filter(name=REGISTER_ADMIN_GROUP).exists()


def register_admin_required(user) -> None:
    if user is not None and not is_register_admin(user):
        raise NotFound(_("No such page."))


@dataclass(frozen=True)
class Seats:
    """The committees a user sits on, by kind."""

    world: bool = False
    countries: frozenset[str] = frozenset()  # member organizations' countries
    website: bool = False

    @property
    def any(self) -> bool:
        return self.world or bool(self.countries) or self.website


def seats_of(user) -> Seats:
    if not _signed_in(user):
        return Seats()
    from pin_ranking.models import CommitteeSeat

    kinds = list(CommitteeSeat.objects.filter(user=user, committee__retired_at__isnull=True).values_list(
        "committee__kind", "committee__country"))
    return Seats(world=any(kind == "world" for kind, _c in kinds),
                 countries=frozenset(country for kind, country in kinds if kind == "member"),
                 website=any(kind == "website" for kind, _c in kinds))


def is_committee_member(user) -> bool:
    """A seat on any committee: the committee's own pages (queue, register of competitions, ledgers in
    its scope) open; what each shows is scoped by `seats_of`."""
    return seats_of(user).any


def committee_member_required(user) -> None:
    """404 unless `user` sits on a committee (None: a management command)."""
    if user is not None and not is_committee_member(user):
        raise NotFound(_("No such page."))


def sits_on(user, committee) -> bool:
    if not _signed_in(user) or committee is None or committee.retired_at is not None:
        return False
    return committee.seats.filter(user=user).exists()


def players_in_scope(seats: Seats):
    """The players a committee's seats read (ledgers, search, certificates, exports, filing for them): every
    player for the world body, a member organization's country's players, a website's players with a web
    result in a registered competition. The one definition of the scope; `may_read_player` asks it."""
    from pin_ranking.models import CompetitionResult
    from tournaments.models import Player

    if seats.world:
        return Player.objects.all()
    scope = Q(country__in=seats.countries) if seats.countries else Q(pk__in=[])
    if seats.website:
        scope |= Q(pk__in=CompetitionResult.objects.filter(
            competition__level="web", competition__unregistered_at__isnull=True, superseded_at__isnull=True,
        ).values("player_id"))
    return Player.objects.filter(scope)


BOTH_TRACKS = frozenset({"pin", "web_pin"})


def web_only(seats: Seats) -> bool:
    """A website's seat and no other: it certifies Web Pins only, and 3.5 keeps the two tracks apart ("两种标准是
    各自独立的，不能等同"), so it reads a player's web results and Web Pin ledger, never their Pin track."""
    return seats.website and not seats.world and not seats.countries


def tracks_for(seats: Seats) -> frozenset[str]:
    """The tracks a committee's seats read (of the players in their scope)."""
    return frozenset({"web_pin"}) if web_only(seats) else BOTH_TRACKS


def readable_tracks(user, player) -> frozenset[str]:
    """The tracks of `player`'s ledger `user` reads: both for the player and for a committee whose scope holds
    them; the Web Pin track alone for a website's seat; none for anyone else."""
    if not _signed_in(user):
        return frozenset()
    if player.user_id == user.pk:
        return BOTH_TRACKS
    seats = seats_of(user)
    if not (seats.any and players_in_scope(seats).filter(pk=player.pk).exists()):
        return frozenset()
    return tracks_for(seats)


def track_of_level(level: str) -> str:
    """A competition's track: a web competition's results count for the Web Pin (4.7), every other's for the Pin."""
    return "web_pin" if level == "web" else "pin"


def may_read_player(user, player, track: str | None = None) -> bool:
    """A player's ledger and certified results (on `track`, or on any): the player, or a committee whose scope
    holds them (a website's seat: their Web Pin track only)."""
    tracks = readable_tracks(user, player)
    return bool(tracks) if track is None else track in tracks


def register_scope_problem(user, *, country: str, klass: str | None, delegate: bool) -> str | None:
    """Why `user` may not register, unregister or import a competition of `country` and `klass`
    (None: they may). 4.4: the world body registers; a member organization only where the world body
    delegates (`delegate`), for its own country, below class A."""
    if user is None:
        return None
    seats = seats_of(user)
    if seats.world:
        return None
    if delegate and seats.countries:
        if country not in seats.countries:
            return _("A member organization registers competitions of its own country only (%(countries)s).") % {
                "countries": ", ".join(sorted(seats.countries))}
        if klass == "A":
            return _("Class A competitions are registered by the world body (Appendix 9, 4.4).")
        return None
    return _("Competitions are registered by the world body's committee (Appendix 9, 4.4).")


def world_body_required(user) -> None:
    """The register's settings (its edition, delegation) and the merging of players: the world body."""
    if user is None:
        return
    if not is_committee_member(user):
        raise NotFound(_("No such page."))
    if not seats_of(user).world:
        raise ValidationError(_("Only the world body's committee changes this (Appendix 9, 6.1)."))


def is_chief_referee(user, tournament_id: int) -> bool:
    if not _signed_in(user):
        return False
    return Membership.objects.filter(user=user, tournament_id=tournament_id, role=Role.CHIEF_REFEREE).exists()
