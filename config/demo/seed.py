"""The demo tournament: 48 players in 12 teams of 4 from several countries, 6 sessions, all roles.

Built through the same services and the same roster import that organizers use.
"""

import csv
import datetime as dt
import io
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from config.demo.entries import seed_entries
from config.demo.pin import seed_pin
from roster import services as roster_services
from seating.engine import build_chart
from testing.scenarios import STRAIGHT, sign_all
from tournaments.core import services as core_services
from tournaments.models import Player, Role, Tournament
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.services import standings_recompute

DEMO_NAME = "MCR Demo Open"
ELEMENTARY_DEMO_NAME = "Beginners' Cup (elementary rules)"
DEMO_PASSWORD = "mahjong-demo"
DEMO_PLAYER_PIN = "1234"

# Winning hands that are legal whatever the winds and however they are won, from modest to rare.
DEMO_HANDS = [
    "123m456m789m12p55s+3p",
    STRAIGHT,
    "234m345m456m67p88p+5p",
    "[456m][456p]456s78m99p+9m",
    "[FFF][PPP]123s456s7s+7s",
    "[CCC][123m]456m789m1p+1p",
    "22m33m44m55p66p77s8s+8s",
    "[111s]234s567s88s99s+9s",
]

TEAMS = [
    ("Beijing Red Dragons", "CN", ["Wang Wei|王伟", "Li Na|李娜", "Zhang Min|张敏", "Liu Yang|刘洋"]),
    ("Chengdu Pandas", "CN", ["Chen Jie|陈杰", "Yang Fan|杨帆", "Zhao Lei|赵磊", "Huang Li|黄丽"]),
    ("Tokyo Winds", "JP", ["Sato Haruto|佐藤陽翔", "Suzuki Yui|鈴木結衣", "Takahashi Ren|高橋蓮", "Tanaka Aoi|田中葵"]),
    (
        "Osaka Bamboo",
        "JP",
        ["Ito Sota|伊藤蒼太", "Watanabe Mio|渡辺澪", "Yamamoto Riku|山本陸", "Nakamura Hina|中村陽菜"],
    ),
    ("Copenhagen Kongs", "DK", ["Mette Jensen|", "Lars Nielsen|", "Sofie Hansen|", "Anders Pedersen|"]),
    ("Madrid Flores", "ES", ["Ana García|", "Javier López|", "Lucía Martín|", "Pablo Sánchez|"]),
    ("Paris Dragons", "FR", ["Camille Martin|", "Louis Bernard|", "Chloé Dubois|", "Hugo Thomas|"]),
    ("Amsterdam Tiles", "NL", ["Sanne de Vries|", "Daan Jansen|", "Emma Bakker|", "Luuk Visser|"]),
    ("Berlin Circles", "DE", ["Lena Schmidt|", "Jonas Müller|", "Mia Schneider|", "Felix Fischer|"]),
    ("Milano Venti", "IT", ["Giulia Rossi|", "Marco Russo|", "Sofia Ferrari|", "Luca Esposito|"]),
    ("Hong Kong Pearls", "HK", ["Chan Tai Man|陳大文", "Wong Siu Ming|黃小明", "Lee Ka Yan|李嘉欣", "Cheung Wai|張偉"]),
    ("Montréal Érables", "CA", ["Émilie Tremblay|", "Olivier Gagnon|", "Chloé Roy|", "William Côté|"]),
]

# Hands of the elementary rules (30 fans, 6 to win; scoring/READINGS.md E1-E9), legal whatever the winds.
ELEMENTARY_HANDS = [
    "[123m]234p34sNNN99s+5s",        # Mixed Shifted Chows 6
    "[678m][789p]666s789s9s+9s",     # Upper Four 12
    "1133m2244p5577s9s+9s",          # Seven Pairs, No Honors
    "[123m]456m789mEEE1m+1m",        # Pure Straight, Half Flush
    "[CCC][FFF]123m456p9s+9s",       # Two Dragons Pungs 6
    "[123m]456p789sEEEC+C",          # Mixed Straight, All Types
]
ELEMENTARY_PLAYERS = ["Zhou Xin|周欣", "Ito Sora|伊藤空", "Nora Berg|", "Tom Baker|", "Wu Hao|吴浩",
                      "Kato Mei|加藤芽依", "Inès Petit|", "Ravi Shah|"]

# Groups (团体, 3.5.3): delegations beside the teams, by country; Canada's team is in none.
GROUPS = {"CN": "中国代表团", "HK": "中国代表团", "JP": "日本代表団", "DK": "Europe", "ES": "Europe", "FR": "Europe",
          "NL": "Europe", "DE": "Europe", "IT": "Europe"}

# username -> (role in the tournament, description printed for the demo)
STAFF = {
    "organizer": Role.ORGANIZER,
    "chief": Role.CHIEF_REFEREE,
    "referee1": Role.REFEREE,
    "referee2": Role.REFEREE,
    "referee3": Role.REFEREE,
    "arbiter": Role.ARBITRATOR,
}


def _csv(rows: list[list[str]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _user(username: str, **extra):
    user, created = get_user_model().objects.get_or_create(username=username, defaults=extra)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


@transaction.atomic
def _create_users():
    admin = _user("admin", is_staff=True, is_superuser=True)
    organizer = _user("organizer")
    organizer.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    users = {name: _user(name) for name in STAFF}
    users["leader"] = _user("leader")
    users["player"] = _user("player")
    users["pin"] = _user("pin")
    return admin, users


class DemoDataRefused(Exception):
    """The demo data would make a superuser with a published password: never on a live server."""


def seed_demo() -> tuple[Tournament, bool]:
    """Create the demo tournament once; running it again changes nothing. Returns (tournament, created).

    Refused under production settings (settings.DEMO_DATA_ALLOWED, False there): it creates the
    superuser `admin` whose password the README prints.
    Beside it, a small tournament under the elementary rules (`seed_elementary_demo`).
    """
    from django.conf import settings

    if not getattr(settings, "DEMO_DATA_ALLOWED", False):
        raise DemoDataRefused(
            "Refusing to create the demo data under these settings (DEMO_DATA_ALLOWED is off, as in production):"
            " it makes a superuser 'admin' with the published demo password. For a demonstration server, set"
            " DJANGO_DEMO_DATA_ALLOWED=true in its environment."
        )
    admin, users = _create_users()
    seed_elementary_demo(users)
    seed_entries(users)
    existing = Tournament.objects.filter(name=DEMO_NAME).first()
    if existing is not None:
        seed_pin(users)
        return existing, False
    organizer = users["organizer"]
    start = dt.date.today()
    tournament = core_services.tournament_create(
        actor=organizer,
        name=DEMO_NAME,
        venue="Congress Hall",
        starts_on=start,
        ends_on=start + dt.timedelta(days=1),
        planned_sessions=6,
    )
    teams = [["name", "country"]] + [[name, country] for name, country, _players in TEAMS]
    players = [["entry", "name", "name_local", "country", "federation_id", "team", "leader", "group"]]
    for group in sorted(set(GROUPS.values())):
        core_services.group_create(actor=organizer, tournament=tournament, name=group)
    entry = 0
    for name, country, members in TEAMS:
        for index, member in enumerate(members):
            entry += 1
            latin, local = member.split("|")
            leader = "yes" if index == 0 else "no"
            players.append(
                [str(entry), latin, local, country, f"DEMO-{entry:03d}", name, leader, GROUPS.get(country, "")]
            )
    for kind, rows in (("teams", teams), ("players", players)):
        job = roster_services.import_job_create(
            actor=organizer, tournament=tournament, kind=kind, filename=f"demo-{kind}.csv", content=_csv(rows)
        )
        # With a broker and no worker the queued task would wait; the import is idempotent, so run it here.
        job = roster_services.import_job_run(job_id=job.pk)
        if job.status != job.Status.DONE:
            raise RuntimeError(f"demo {kind} import failed: {job.errors}")
    for username, role in STAFF.items():
        if username != "organizer":
            core_services.membership_grant(actor=organizer, tournament=tournament, user=users[username], role=role)
    first_team = tournament.teams.get(name=TEAMS[0][0])
    core_services.membership_grant(
        actor=organizer, tournament=tournament, user=users["leader"], role=Role.TEAM_LEADER, team=first_team
    )
    core_services.player_link_user(
        actor=organizer, player=Player.objects.get(federation_id="DEMO-001"), user=users["player"]
    )
    core_services.tournament_update(actor=organizer, tournament=tournament, status=Tournament.Status.PUBLISHED)
    _seat_and_play(tournament, organizer)
    seed_pin(users)  # past competitions registered for the Pin, after the demo players exist
    return tournament, True


def seed_elementary_demo(users) -> Tournament:
    """A small tournament under the WMO elementary rules (once): 8 players, session 1 signed, session 2
    running at both tables with two hands, so a referee (referee1) has an elementary sheet to fill."""
    existing = Tournament.objects.filter(name=ELEMENTARY_DEMO_NAME).first()
    if existing is not None:
        return existing
    organizer = users["organizer"]
    start = dt.date.today()
    tournament = core_services.tournament_create(
        actor=organizer, name=ELEMENTARY_DEMO_NAME, venue="School hall", starts_on=start, ends_on=start,
        rule_set="elementary", planned_sessions=6, session_minutes=90,
    )
    players = [["entry", "name", "name_local", "country"]]
    for entry, member in enumerate(ELEMENTARY_PLAYERS, start=1):
        latin, local = member.split("|")
        players.append([str(entry), latin, local, "CN" if local and entry % 2 else "JP" if local else "GB"])
    job = roster_services.import_job_create(
        actor=organizer, tournament=tournament, kind="players", filename="beginners.csv", content=_csv(players)
    )
    job = roster_services.import_job_run(job_id=job.pk)
    if job.status != job.Status.DONE:
        raise RuntimeError(f"elementary demo import failed: {job.errors}")
    for username in ("chief", "referee1", "referee2"):
        core_services.membership_grant(actor=organizer, tournament=tournament, user=users[username],
                                       role=STAFF[username])
    core_services.tournament_update(actor=organizer, tournament=tournament, status=Tournament.Status.PUBLISHED)
    registrations = list(tournament.registrations.order_by("entry_number"))
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    chart = build_chart([r.pk for r in registrations], tournament.planned_sessions, seed=2014)
    sessions = list(tournament.sessions.order_by("number"))
    for session, tables in zip(sessions, chart):
        session_services.session_seats_replace(
            actor=organizer, session=session, tables={n: list(seats) for n, seats in enumerate(tables, start=1)}
        )
    rng = random.Random(2014)
    _play(sessions[0], organizer, rng, hands=8, sign=True, tiles=ELEMENTARY_HANDS)
    session_services.session_end(actor=organizer, session=sessions[0])
    for seat in sessions[1].seats.select_related("registration"):
        session_services.check_in_record(actor=organizer, session=sessions[1], registration=seat.registration)
    _play(sessions[1], organizer, rng, hands=2, sign=False, tiles=ELEMENTARY_HANDS)
    standings_recompute(tournament_id=tournament.pk)
    return tournament


def _seat_and_play(tournament: Tournament, organizer) -> None:
    """Seat all six sessions (teammates never meet), play session 1 to signed sheets, and leave
    session 2 running with a few hands on every table, so every page has something to show."""
    registrations = list(tournament.registrations.all())
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    tournament.registrations.filter(player__federation_id="DEMO-001").update(confirm_pin=DEMO_PLAYER_PIN)
    chart = build_chart(
        [r.pk for r in registrations],
        tournament.planned_sessions,
        avoid={r.pk: r.team_id for r in registrations},
        seed=2026,
    )
    sessions = list(tournament.sessions.order_by("number"))
    for session, tables in zip(sessions, chart):
        session_services.session_seats_replace(
            actor=organizer, session=session, tables={n: list(seats) for n, seats in enumerate(tables, start=1)}
        )
    rng = random.Random(2026)
    _play(sessions[0], organizer, rng, hands=16, sign=True)
    session_services.session_end(actor=organizer, session=sessions[0])
    # Session 2: everyone checks in (3.5.7.1) but three players, whom the board lists as missing.
    for seat in sessions[1].seats.select_related("registration").order_by("table__number", "seat")[3:]:
        session_services.check_in_record(actor=organizer, session=sessions[1], registration=seat.registration)
    _play(sessions[1], organizer, rng, hands=5, sign=False)
    standings_recompute(tournament_id=tournament.pk)


def _play(session, organizer, rng: random.Random, *, hands: int, sign: bool, tiles=DEMO_HANDS) -> None:
    for sheet in session_services.session_start(actor=organizer, session=session):
        referee = sheet.referee
        for number in range(1, hands + 1):
            if rng.random() < 0.15:
                entry = HandEntry(result="draw")
            else:
                winner = rng.randrange(4)
                discarder = None if rng.random() < 0.3 else rng.choice([s for s in range(4) if s != winner])
                entry = HandEntry(result="win", winner=winner, discarder=discarder, tiles=rng.choice(tiles),
                                  flowers=rng.choice([0, 0, 0, 1, 2]))
            sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=entry)
        if sign:
            sign_all(actor=referee, sheet=sheet)


DEMO_LOGINS = [
    ("admin", "superuser: Django admin at /admin/"),
    ("organizer", "organizer of the demo tournament; may create tournaments"),
    ("chief", "chief referee"),
    ("referee1", "referee (also referee2, referee3)"),
    ("arbiter", "arbitration committee member"),
    ("leader", "team leader of Beijing Red Dragons"),
    ("player", f"player entry 1 (Wang Wei); sheet confirmation PIN {DEMO_PLAYER_PIN}"),
    ("pin", "Pin committee (world body): competition register, imports, players, ledger at /pin/"),
]
