"""Reads of the Pin register (pages, API, commands). Outsiders get 404 (tournaments.errors.NotFound)."""

from collections import defaultdict

from django.db.models import Q

from pin_ranking.access import is_committee_member
from pin_ranking.eligibility import _results_by_player, pin_register_get
from pin_ranking.engine import Track, ledger, standards_for
from pin_ranking.models import Competition, CompetitionResult, Ledger, ResultCertificate, ResultsImport
from scoring.engine.table import twelfths_number
from tournaments.errors import NotFound
from tournaments.models import Player


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
    results = _results_by_player(ids)
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


def require_committee(user) -> None:
    if not is_committee_member(user):
        raise NotFound("No such page.")


def competitions_for_committee(*, user, include_unregistered: bool = True):
    require_committee(user)
    rows = Competition.objects.select_related("tournament").order_by("-starts_on", "name")
    if not include_unregistered:
        rows = rows.filter(unregistered_at__isnull=True)
    return rows


def competition_get(*, user, competition_id: int) -> Competition:
    require_committee(user)
    found = Competition.objects.select_related("tournament").filter(pk=competition_id).first()
    if found is None:
        raise NotFound("No such competition.")
    return found


def competition_results(*, competition: Competition):
    return (competition.results.filter(superseded_at__isnull=True).select_related("certificate", "player")
            .order_by("rank", "name"))


def imports_for_committee(*, user):
    require_committee(user)
    return ResultsImport.objects.select_related("competition").order_by("-created_at")[:50]


def player_search(*, user, query: str, limit: int = 50):
    """Players by name, local name or federation ID, with their current ledgers (committee only)."""
    require_committee(user)
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
    require_committee(user)
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


def certificate_public(*, code: str) -> ResultCertificate | None:
    """A results certificate by its verification code, for the public page (name, competition,
    results, signer, whether superseded); None when there is none."""
    code = (code or "").strip().upper()
    if not code:
        return None
    return (ResultCertificate.objects.select_related("result__competition", "superseded_by", "signed_by")
            .filter(code=code).first())


def certificate_for_viewer(*, viewer, certificate_id: int) -> ResultCertificate:
    certificate = (ResultCertificate.objects.select_related("result__competition", "result__player")
                   .filter(pk=certificate_id).first())
    if certificate is None:
        raise NotFound("No such certificate.")
    player = certificate.result.player
    if not (player.user_id == getattr(viewer, "pk", None) or is_committee_member(viewer)):
        competition = certificate.result.competition
        from pin_ranking.access import is_chief_referee

        if competition.tournament_id is None or not is_chief_referee(viewer, competition.tournament_id):
            raise NotFound("No such certificate.")
    return certificate


def results_current(*, player: Player):
    return CompetitionResult.objects.filter(player=player, superseded_at__isnull=True)


def tournaments_to_register(*, user):
    """Finished tournaments not registered now (the committee's registration form)."""
    from tournaments.models import Tournament

    require_committee(user)
    registered = Competition.objects.filter(unregistered_at__isnull=True, tournament__isnull=False)
    return (Tournament.objects.filter(status=Tournament.Status.FINISHED)
            .exclude(pk__in=registered.values("tournament_id")).order_by("-starts_on", "name"))


def tournament_certificates(*, user, tournament_id: int):
    """The chief referee's page: the tournament's registration and its current certificates."""
    from pin_ranking.access import is_chief_referee

    if not (is_chief_referee(user, tournament_id) or is_committee_member(user)):
        raise NotFound("No such page.")
    competition = (Competition.objects.select_related("tournament")
                   .filter(tournament_id=tournament_id, unregistered_at__isnull=True).first())
    if competition is None:
        from tournaments.models import Tournament

        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise NotFound("No such page.")
        return tournament, None, []
    return competition.tournament, competition, list(competition_results(competition=competition))


def chief_referee_of(*, user, tournament_id: int) -> bool:
    from pin_ranking.access import is_chief_referee

    return is_chief_referee(user, tournament_id)
