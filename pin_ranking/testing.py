"""Finished tournaments with made-up final standings, for the Pin tests, the demo and the bench."""

import datetime as dt

from pin_ranking.engine import shared_ranks
from tournaments.models import Group, Player, Registration, StandingsSnapshot, Team, Tournament


def finished_tournament(*, name: str, rows: list[dict], sessions: int = 8, starts_on=dt.date(2026, 5, 1),
                        extra_players: int = 0, fid_prefix: str = "T") -> Tournament:
    """A finished tournament whose latest standings hold `rows`, each {"fid", "name", "tp" (twelfths), "cp",
    "group" (name), "team" (name)}; players are found or created by federation ID. `extra_players` adds
    players at 0/0 (to reach a class's size). Group and team ranks follow their members' sums."""
    tournament = Tournament.objects.create(name=name, starts_on=starts_on, ends_on=starts_on, planned_sessions=sessions,
                                           status=Tournament.Status.FINISHED, venue="Hall")
    rows = list(rows) + [{"fid": f"{fid_prefix}{name[:3]}X{n}", "name": f"Extra {name} {n}", "tp": 0, "cp": -n}
                         for n in range(extra_players)]
    # In bulk (the Pin tests make a hundred players at a time): the rows the ORM's get_or_create and create
    # made one by one, in the same order.
    fids = [row["fid"] for row in rows if row.get("fid")]
    known = {player.federation_id: player for player in Player.objects.filter(federation_id__in=fids)}
    players, created = [], []
    for row in rows:
        player = known.get(row["fid"]) if row.get("fid") else None
        if player is None:
            player = Player(federation_id=row.get("fid") or "", name=row["name"], country="CN")
            created.append(player)
            if row.get("fid"):
                known[row["fid"]] = player
        players.append(player)
    Player.objects.bulk_create(created)
    groups = {name: Group(tournament=tournament, name=name) for name in dict.fromkeys(r.get("group") for r in rows)
              if name}
    teams = {name: Team(tournament=tournament, name=name) for name in dict.fromkeys(r.get("team") for r in rows)
             if name}
    Group.objects.bulk_create(groups.values())
    Team.objects.bulk_create(teams.values())
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, entry_number=entry, team=teams.get(row.get("team")),
                     group=groups.get(row.get("group")))
        for entry, (row, player) in enumerate(zip(rows, players), start=1)
    )
    individuals = []
    for entry, (row, registration) in enumerate(zip(rows, registrations), start=1):
        player, team, group = registration.player, registration.team, registration.group
        individuals.append({
            "registration": registration.pk, "entry": entry, "name": player.name, "name_local": "",
            "country": player.country, "federation_id": player.federation_id,
            "team": team.name if team else None, "team_id": team.pk if team else None,
            "group": group.name if group else None, "group_id": group.pk if group else None,
            "table_points": row["tp"], "contest_points": row["cp"], "places": [0, 0, 0, 0], "best_session": None,
            # Whole session lines, made up like the rest (the totals spread over the sessions): a line with its
            # session number only broke the standings API and results.csv with a 500 (issue 28).
            "sessions": _session_lines(entry, row["tp"], row["cp"], sessions), "disqualified": False,
            "rank_cancelled": False,
        })
    ranks = shared_ranks((r["registration"], r["table_points"], r["contest_points"]) for r in individuals)
    for r in individuals:
        r["rank"] = ranks[r["registration"]]
    individuals.sort(key=lambda r: (r["rank"], r["entry"]))
    data = {"individuals": individuals, "teams": _units(individuals, "team"), "groups": _units(individuals, "group"),
            "sessions": list(range(1, sessions + 1)), "struck": [], "tiebreaks": [], "final_ranking": "cumulative",
            "final_stage": None}
    StandingsSnapshot.objects.create(tournament=tournament, version=1, data=data)
    Tournament.objects.filter(pk=tournament.pk).update(standings_version=1)
    tournament.refresh_from_db()
    return tournament


def _session_lines(entry: int, table_points: int, contest_points: int, sessions: int) -> list[dict]:
    """One line per session, as the standings engine writes them (SessionLine.as_dict), summing to the totals."""
    lines = []
    for n in range(1, sessions + 1):
        last = n == sessions
        tp = table_points - (sessions - 1) * (table_points // sessions) if last else table_points // sessions
        share = int(contest_points / sessions)
        cp = contest_points - (sessions - 1) * share if last else share
        lines.append({"session": n, "table": (entry - 1) // 4 + 1, "seat": (entry - 1) % 4,
                      "rank": (entry - 1) % 4 + 1, "table_points": tp, "session_score": cp, "hand_score": cp,
                      "transfers": 0, "deductions": 0})
    return lines


def _units(individuals, unit):
    totals = {}
    for r in individuals:
        if r[f"{unit}_id"] is None:
            continue
        entry = totals.setdefault(r[f"{unit}_id"], {unit: r[unit], f"{unit}_id": r[f"{unit}_id"], "table_points": 0,
                                                    "contest_points": 0, "members": []})
        entry["table_points"] += r["table_points"]
        entry["contest_points"] += r["contest_points"]
        entry["members"].append(r["entry"])
    ranks = shared_ranks((k, v["table_points"], v["contest_points"]) for k, v in totals.items())
    for k, v in totals.items():
        v["rank"] = ranks[k]
    return sorted(totals.values(), key=lambda v: v["rank"])


def new_standings(tournament: Tournament, changes: dict) -> StandingsSnapshot:
    """Store a later standings version with {federation ID: (tp twelfths, cp)} changed (an upheld appeal)."""
    latest = tournament.standings_snapshots.order_by("-version").first()
    data = latest.data
    for row in data["individuals"]:
        if row["federation_id"] in changes:
            row["table_points"], row["contest_points"] = changes[row["federation_id"]]
    ranks = shared_ranks((r["registration"], r["table_points"], r["contest_points"]) for r in data["individuals"])
    for r in data["individuals"]:
        r["rank"] = ranks[r["registration"]]
    data["teams"] = _units(data["individuals"], "team")
    data["groups"] = _units(data["individuals"], "group")
    version = latest.version + 1
    Tournament.objects.filter(pk=tournament.pk).update(standings_version=version)
    return StandingsSnapshot.objects.create(tournament=tournament, version=version, data=data)


def certificates_signed(tournament: Tournament) -> int:
    """The tournament's chief referee signs every current results certificate of its registration (7.2),
    as on the chief referee's page; the account is made when the tournament has none."""
    from django.contrib.auth import get_user_model

    from pin_ranking.models import Competition
    from pin_ranking.register.services import certificates_sign_all
    from tournaments.models import Membership, Role

    membership = Membership.objects.filter(tournament=tournament, role=Role.CHIEF_REFEREE).first()
    if membership is None:
        chief = get_user_model().objects.create_user(f"chief{tournament.pk}", password="x", first_name="Chief")
        membership = Membership.objects.create(user=chief, tournament=tournament, role=Role.CHIEF_REFEREE)
    competition = Competition.objects.get(tournament=tournament, unregistered_at__isnull=True)
    return certificates_sign_all(actor=membership.user, competition=competition)


def api_examples(*, user, players: list[Player]) -> None:
    """Pin data for the bounded OpenAPI check (config/tests/test_api_schemathesis.py): `user` sits on the
    committees; players[0] holds an approved Pin 9 (in the public register), players[1] has an application
    waiting that `user` filed on the player's behalf. Ledgers are stored directly (Pin 9, no competition)."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.utils import timezone

    from pin_ranking.applications.services import application_file
    from pin_ranking.committee.services import application_decide
    from pin_ranking.engine import Track as EngineTrack
    from pin_ranking.engine import ledger, standards_for
    from pin_ranking.ledger.selectors import results_by_player
    from pin_ranking.models import (
        Committee,
        CommitteeSeat,
        Competition,
        CompetitionResult,
        Ledger,
        LedgerSnapshot,
        ResultCertificate,
    )

    for kind, country in (("world", ""), ("member", "CN")):
        committee = Committee.objects.create(name=f"{kind} committee", kind=kind, country=country)
        CommitteeSeat.objects.create(committee=committee, user=user)
    competition = Competition.objects.create(
        source=Competition.Source.RESULTS_FILE, name="Example Open", starts_on=dt.date(2026, 1, 10),
        ends_on=dt.date(2026, 1, 11), level="national", klass="C", players=40, sessions=6, registered_by=user)
    applications = []
    for rank, player in enumerate(players[:2], start=1):
        result = CompetitionResult.objects.create(competition=competition, player=player, name=player.name, rank=rank,
                                                  table_points=20 * 12, contest_points=100)
        ResultCertificate.objects.create(result=result, code=f"EXAM-PLE0-000{rank}", signed_at=timezone.now(),
                                         signer_name="Example Referee", entered_by=user, entered_at=timezone.now())
        standings = standards_for("2014")
        data = ledger(results_by_player([player.pk])[player.pk], standings, EngineTrack.PIN).as_data()
        fields = {"edition": "2014", "pin": data["pin"], "data": data, "digest": "example",
                  "computed_at": timezone.now()}
        Ledger.objects.create(player=player, track="pin", version=1, **fields)
        LedgerSnapshot.objects.create(player=player, track="pin", version=1, **fields)
        # Filed by an official for the player: with the paper form the player signed (Appendix 10).
        form = SimpleUploadedFile("appendix-10.pdf", b"%PDF-1.4 signed form", content_type="application/pdf")
        applications.append(application_file(actor=user, player=player, track="pin", pin=9, sex="F", age=30,
                                              id_number="X1", contact="x@example.org", pledge_accepted=False,
                                              paper_form=form))
    application_decide(actor=user, application_id=applications[0].pk, decision="approve", version=1)
