"""Reads of the players' ledgers (Appendix 9): a player's own, the committee's search and export, and
the certified results each ledger is computed from. Outsiders get 404 (tournaments.errors.NotFound)."""

from collections import defaultdict

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Q

from pin_ranking.access import committee_member_required, readable_tracks, seats_of, tracks_for
from pin_ranking.access import players_in_scope as access_scope
from pin_ranking.engine import Result, Track, ledger, standards_for
from pin_ranking.models import (
    Competition,
    CompetitionResult,
    Ledger,
    PinAward,
    PinRegister,
    PlayerMerge,
    ResultCertificate,
)
from scoring.engine.table import twelfths_number
from tournaments.errors import NotFound
from tournaments.models import Player


def pin_register_get() -> PinRegister:
    register, _created = PinRegister.objects.get_or_create(pk=1)
    return register


def merged_into(player_ids) -> dict[int, int]:
    """{merged record: the record it was merged into} for those of `player_ids` merged and not undone
    (pin_ranking.people): a result, an import or an account of a merged record goes to the kept one.
    Chains are followed (A into B, then B into C: A is C)."""
    links = dict(PlayerMerge.objects.filter(undone_at__isnull=True).values_list("merged_id", "kept_id"))
    resolved = {}
    for player_id in player_ids:
        kept, seen = player_id, set()
        while kept in links and kept not in seen:
            seen.add(kept)
            kept = links[kept]
        if kept != player_id:
            resolved[player_id] = kept
    return resolved


def kept_players(players: dict) -> dict:
    """`players` ({key: Player}) with each merged record replaced by the one it was merged into."""
    moved = merged_into({p.pk for p in players.values() if p is not None})
    if not moved:
        return players
    kept = {p.pk: p for p in Player.objects.filter(pk__in=set(moved.values()))}
    return {key: (kept[moved[p.pk]] if p is not None and p.pk in moved else p) for key, p in players.items()}


def results_by_player(player_ids) -> dict[int, list[Result]]:
    """Current (not superseded) results of registered competitions, as engine Results."""
    rows = CompetitionResult.objects.filter(superseded_at__isnull=True, competition__unregistered_at__isnull=True)
    if player_ids is not None:
        rows = rows.filter(player_id__in=list(player_ids))
    by_player: dict[int, list[Result]] = defaultdict(list)
    columns = ("player_id", "competition_id", "table_points", "contest_points", "rank", "group_rank", "team_rank")
    # The ORM's SQL, run on a plain cursor: its row-by-row conversion cost more than the query over the 30,000
    # rows of a full recompute (bench/pin.py); every column is a plain value either way. The competitions' own
    # columns come once each, not once per result.
    try:
        sql, params = rows.order_by().values_list(*columns).query.sql_with_params()
    except EmptyResultSet:  # no player asked for
        return by_player
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        fetched = cursor.fetchall()
    competitions = {
        pk: (level, klass, name) for pk, level, klass, name in Competition.objects.filter(
            pk__in={row[1] for row in fetched}).values_list("pk", "level", "klass", "name")
    }
    for player_id, competition_id, tp, cp, rank, group_rank, team_rank in fetched:
        level, klass, name = competitions[competition_id]
        by_player[player_id].append(Result(competition_id, level, klass, tp, cp, rank, group_rank, team_rank, name))
    return by_player


def committee_ledger_export(*, user) -> list[dict]:
    """ledger_export of the committee member's scope, on the tracks its seats read (a website's: the Web Pin's)."""
    seats = seats_of(user)
    return ledger_export(players=players_in_scope(user), tracks=tracks_for(seats))


def ledger_export(*, players=None, tracks=frozenset({"pin", "web_pin"})) -> list[dict]:
    """One object per player with at least one counted competition (`players`: a queryset to limit it to,
    such as a committee's scope), those with a federation ID first, ordered by it (export_pin_ledger):
    computed from the current certified results by the engine, so it never waits for the worker.
    `table_points` a number (41.5), `contest_points` the sum of positive competition totals (4.6 note 1),
    `competitions` how many counted competitions (both tracks), `pin` / `web_pin` the highest Pin the
    ledger reaches (1-9) or None; `player` the record's number, `country`, and `results`, one object per
    counted competition (its track, name, level, class, first day, rank, table and contest points).
    `tracks`: the tracks shown; a track left out reads as empty (a website's seat, 3.5)."""
    standards = standards_for(pin_register_get().edition)
    current = Player.objects.filter(pin_results__superseded_at__isnull=True,
                                    pin_results__competition__unregistered_at__isnull=True)
    if players is not None:
        current = current.filter(pk__in=players.values("pk"))
    ids = list(current.values_list("pk", flat=True).distinct())
    results = results_by_player(ids)
    people = {p.pk: p for p in Player.objects.filter(pk__in=ids).only("pk", "name", "federation_id", "country")}
    days = dict(Competition.objects.filter(results__player_id__in=ids).values_list("pk", "starts_on").distinct())
    out = []
    for player_id, mine in results.items():
        pin = ledger(mine if "pin" in tracks else (), standards, Track.PIN)
        web = ledger(mine if "web_pin" in tracks else (), standards, Track.WEB_PIN)
        counted = len(pin.counted) + len(web.counted)
        if not counted:
            continue
        player = people[player_id]
        rows = [{"track": "pin" if one is pin else "web_pin",
                 "competition": row["name"], "level": row["level"], "class": row["class"],
                 "starts_on": days[row["competition"]].isoformat(), "rank": row["rank"],
                 "table_points": twelfths_number(row["table_points"]) if one is pin else row["table_points"],
                 "contest_points": row["contest_points"]}
                for one in (pin, web) for row in one.counted]
        rows.sort(key=lambda row: (row["starts_on"], row["competition"]))
        out.append({
            "federation_id": player.federation_id, "name": player.name, "competitions": counted,
            "table_points": twelfths_number(pin.points), "contest_points": pin.contest_points,
            "pin": pin.pin, "web_pin": web.pin, "player": player.pk, "country": player.country, "results": rows,
        })
    out.sort(key=lambda row: (row["federation_id"] == "", row["federation_id"], row["name"], row["player"]))
    return out


def players_in_scope(user):
    """The players whose ledgers a committee member reads (pin_ranking.access.players_in_scope)."""
    committee_member_required(user)
    return access_scope(seats_of(user))


def player_search(*, user, query: str, limit: int = 50):
    """Players by name, local name or federation ID, with their current ledgers (the committee's scope)."""
    query = (query or "").strip()
    rows = players_in_scope(user)
    if query:
        rows = rows.filter(Q(name__icontains=query) | Q(name_local__icontains=query) | Q(federation_id__iexact=query))
    else:
        rows = rows.filter(pin_ledgers__isnull=False).distinct()
    players = list(rows.order_by("name")[:limit])
    ledgers = defaultdict(dict)
    for one in Ledger.objects.filter(player__in=players):
        ledgers[one.player_id][one.track] = one
    return [(p, ledgers.get(p.pk, {})) for p in players]


LEDGER_PAGE_SIZE = 100


def ledgers_for_committee(*, user, track: str = "pin", country: str = ""):
    """The ledgers in the member's scope, best first, filtered by country (the page pages them); a website's
    seat reads the Web Pin track only (3.5)."""
    if track not in tracks_for(seats_of(user)):
        return Ledger.objects.none()
    rows = (Ledger.objects.filter(track=track, player__in=players_in_scope(user)).select_related("player")
            .order_by("pin", "-points", "player__name", "pk"))
    if country:
        rows = rows.filter(player__country__iexact=country.strip())
    return rows


def player_for_user(*, user) -> Player | None:
    """The user's player record (the one it was merged into, when it was: their ledger is there)."""
    if user is None or not user.is_authenticated:
        return None
    player = Player.objects.filter(user=user).first()
    return None if player is None else kept_players({0: player})[0]


def player_ledger_view(*, viewer, player_id: int) -> dict:
    """A player's ledgers with their counted competitions: the player themselves or the committee (a website's
    seat: the Web Pin track alone, 3.5); anyone else 404."""
    player = Player.objects.filter(pk=player_id).first()
    tracks = readable_tracks(viewer, player) if player is not None else frozenset()
    if not tracks:
        raise NotFound("No such player.")
    view = player_ledger(player=player)
    view["tracks"] = {key: track for key, track in view["tracks"].items() if key in tracks}
    return view


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
