"""Reads of the players' ledgers (Appendix 9): a player's own, the committee's search and export, and
the certified results each ledger is computed from. Outsiders get 404 (tournaments.errors.NotFound)."""

from collections import defaultdict

from django.db.models import Q

from pin_ranking.access import committee_member_required, is_committee_member
from pin_ranking.engine import Result, Track, ledger, standards_for
from pin_ranking.models import Competition, CompetitionResult, Ledger, PinAward, PinRegister, ResultCertificate
from scoring.engine.table import twelfths_number
from tournaments.errors import NotFound
from tournaments.models import Player


def pin_register_get() -> PinRegister:
    register, _created = PinRegister.objects.get_or_create(pk=1)
    return register


def results_by_player(player_ids) -> dict[int, list[Result]]:
    """Current (not superseded) results of registered competitions, as engine Results."""
    rows = CompetitionResult.objects.filter(superseded_at__isnull=True, competition__unregistered_at__isnull=True)
    if player_ids is not None:
        rows = rows.filter(player_id__in=list(player_ids))
    by_player: dict[int, list[Result]] = defaultdict(list)
    columns = ("player_id", "competition_id", "competition__name", "competition__level", "competition__klass",
               "table_points", "contest_points", "rank", "group_rank", "team_rank")
    for player_id, competition_id, name, level, klass, tp, cp, rank, group_rank, team_rank in (
        rows.order_by().values_list(*columns)
    ):
        by_player[player_id].append(Result(competition_id, level, klass, tp, cp, rank, group_rank, team_rank, name))
    return by_player


def ledger_export() -> list[dict]:
    """One object per player with a federation ID and at least one counted competition, ordered by
    federation ID (export_pin_ledger): computed from the current certified results by the engine, so
    it never waits for the worker. `table_points` a number (41.5), `contest_points` the sum of positive
    competition totals (4.6 note 1), `competitions` how many counted competitions (both tracks),
    `pin` / `web_pin` the highest Pin the ledger reaches (1-9) or None."""
    standards = standards_for(pin_register_get().edition)
    ids = list(Player.objects.exclude(federation_id="").filter(
        pin_results__superseded_at__isnull=True, pin_results__competition__unregistered_at__isnull=True,
    ).values_list("pk", flat=True).distinct())
    results = results_by_player(ids)
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids).only("pk", "name", "federation_id")}
    out = []
    for player_id, mine in results.items():
        pin = ledger(mine, standards, Track.PIN)
        web = ledger(mine, standards, Track.WEB_PIN)
        counted = len(pin.counted) + len(web.counted)
        if not counted:
            continue
        player = players[player_id]
        out.append({
            "federation_id": player.federation_id, "name": player.name, "competitions": counted,
            "table_points": twelfths_number(pin.points), "contest_points": pin.contest_points,
            "pin": pin.pin, "web_pin": web.pin,
        })
    out.sort(key=lambda row: row["federation_id"])
    return out


def player_search(*, user, query: str, limit: int = 50):
    """Players by name, local name or federation ID, with their current ledgers (committee only)."""
    committee_member_required(user)
    query = (query or "").strip()
    rows = Player.objects.all()
    if query:
        rows = rows.filter(Q(name__icontains=query) | Q(name_local__icontains=query) | Q(federation_id__iexact=query))
    else:
        rows = rows.filter(pin_ledgers__isnull=False).distinct()
    players = list(rows.order_by("name")[:limit])
    ledgers = defaultdict(dict)
    for one in Ledger.objects.filter(player__in=players):
        ledgers[one.player_id][one.track] = one
    return [(p, ledgers.get(p.pk, {})) for p in players]


def ledgers_for_committee(*, user, track: str = "pin", limit: int = 200):
    committee_member_required(user)
    return (Ledger.objects.filter(track=track).select_related("player")
            .order_by("pin", "-points", "player__name")[:limit])


def player_for_user(*, user) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def player_ledger_view(*, viewer, player_id: int) -> dict:
    """A player's ledgers (both tracks) with their counted competitions: the player themselves or the
    committee; anyone else 404."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None or not (player.user_id == getattr(viewer, "pk", None) or is_committee_member(viewer)):
        raise NotFound("No such player.")
    return player_ledger(player=player)


def player_ledger(*, player: Player) -> dict:
    register = pin_register_get()
    standards = standards_for(register.edition)
    stored = {one.track: one for one in Ledger.objects.filter(player=player)}
    competitions = {c.pk: c for c in Competition.objects.filter(results__player=player).distinct()}
    certificates = {
        c.result.competition_id: c for c in ResultCertificate.objects.filter(
            result__player=player, superseded_at__isnull=True, result__superseded_at__isnull=True,
        ).select_related("result")
    }
    tracks = {}
    for track in (Track.PIN, Track.WEB_PIN):
        one = stored.get(track.value)
        data = one.data if one else ledger((), standards, track).as_data()
        rows = []
        for row in data["counted"]:
            rows.append({**row, "competition_obj": competitions.get(row["competition"]),
                         "certificate": certificates.get(row["competition"])})
        tracks[track.value] = {"ledger": one, "data": data, "rows": rows, "standards": standards.table(track)}
    return {"player": player, "register": register, "tracks": tracks}


def results_current(*, player: Player):
    return CompetitionResult.objects.filter(player=player, superseded_at__isnull=True)


def pin_awards_of(*, player) -> list[PinAward]:
    """The Pin certificates a player holds (public, as the register), newest first."""
    return list(PinAward.objects.filter(player=player).select_related("committee").order_by("-awarded_on", "-pk"))
