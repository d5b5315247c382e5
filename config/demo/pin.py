"""The Pin demo: the `pin` user sits on the world body's Pin committee; seven past competitions are
registered (class A, B and C, one web), their certificates signed by the `chief` user, so players have
ledgers at several levels: Wang Wei (the `player` login) Pin 5 and 120 contest points short of Pin 4,
Sato Haruto Pin 3, Li Na Pin 7, Chen Jie Pin 9, Suzuki Yui Web Pin 5."""

import datetime as dt
import random

from pin_ranking.committee import services as committee_services
from pin_ranking.ledger.services import eligibility_recompute
from pin_ranking.models import Committee
from pin_ranking.register import services as register_services
from pin_ranking.testing import finished_tournament
from tournaments.models import Membership, Role

TP = 12
WORLD_COMMITTEE = "World Mahjong Contest Center Pin Committee"

# (name, level, players, sessions, first day)
PAST = [
    ("World Mahjong Championship 2023", "world", 96, 8, dt.date(2023, 10, 12)),
    ("World Mahjong Championship 2024", "world", 100, 8, dt.date(2024, 10, 10)),
    ("Asia Mahjong Cup 2024", "continental", 72, 7, dt.date(2024, 5, 3)),
    ("China Mahjong Open 2025", "national", 100, 8, dt.date(2025, 4, 18)),
    ("European Mahjong Open 2025", "continental", 64, 8, dt.date(2025, 6, 6)),
    ("Beijing Regional Mahjong 2025", "regional", 48, 6, dt.date(2025, 9, 20)),
    ("MCR Web League 2025", "web", 120, 10, dt.date(2025, 11, 1)),
]

# Featured players by federation ID: {competition index: (table points, contest points)}.
FEATURED = {
    "DEMO-001": {0: (28, 420), 1: (30, 510), 2: (25, -120), 3: (29, 650), 5: (26, 300)},  # Wang Wei
    "DEMO-009": {0: (31, 800), 1: (31, 700), 2: (27, 600), 3: (26, 500), 4: (28, 600), 5: (24, 500)},  # Sato
    "DEMO-002": {0: (23, 150), 3: (23, -200)},  # Li Na
    "DEMO-005": {3: (23, 60)},  # Chen Jie
    "DEMO-010": {6: (24, 16000)},  # Suzuki Yui on the web
}
NAMES = {"DEMO-001": "Wang Wei", "DEMO-009": "Sato Haruto", "DEMO-002": "Li Na", "DEMO-005": "Chen Jie",
         "DEMO-010": "Suzuki Yui"}
FAMILY = ["Wang", "Li", "Zhang", "Kim", "Tanaka", "Müller", "García", "Rossi", "Jensen", "Dubois", "Nguyen", "Silva"]
GIVEN = ["Mei", "Jun", "Yuki", "Hana", "Lena", "Marco", "Sofia", "Lars", "Chloé", "Minh", "Ana", "Ren"]


def _pool() -> list[tuple[str, str]]:
    return [(f"WMO-{1000 + n}", f"{FAMILY[n % 12]} {GIVEN[(n * 5) % 12]} {n // 12 + 1}") for n in range(144)]


def seed_pin(users: dict) -> bool:
    """Idempotent: nothing is done when the world committee exists. Returns whether it seeded."""
    if Committee.objects.filter(kind="world").exists():
        return False
    world = Committee.objects.create(name=WORLD_COMMITTEE, kind="world")
    Committee.objects.create(name="Chinese Mahjong Association Pin Committee", kind="member", country="CN")
    committee_services.committee_seat_grant(actor=None, committee=world, user=users["pin"])
    rng = random.Random(14)
    pool = _pool()
    for index, (name, level, players, sessions, starts_on) in enumerate(PAST):
        rows = []
        for fid, scores in FEATURED.items():
            if index in scores:
                tp, cp = scores[index]
                rows.append({"fid": fid, "name": NAMES[fid], "tp": tp * TP, "cp": cp})
        others = rng.sample(pool, players - len(rows))
        for fid, player_name in others:
            cp = rng.randint(-40, 40) * 10 * (40 if level == "web" else 1)
            rows.append({"fid": fid, "name": player_name, "tp": rng.randint(4 * 2, 22 * 2) * 6, "cp": cp})
        tournament = finished_tournament(name=name, rows=rows, sessions=sessions, starts_on=starts_on)
        Membership.objects.get_or_create(user=users["chief"], tournament=tournament, role=Role.CHIEF_REFEREE)
        competition = register_services.competition_register(actor=users["pin"], tournament=tournament, level=level)
        if index != len(PAST) - 2:  # the regional event's certificates still wait for the chief referee
            register_services.certificates_sign_all(actor=users["chief"], competition=competition)
    eligibility_recompute(reason="demo")
    _waiting_application(users)
    return True


def _waiting_application(users: dict) -> None:
    """One application waiting in the committee's queue (Sato Haruto's, filed for him by the committee with
    the paper form he signed: Appendix 10, 7.1)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from pin_ranking.applications.services import application_file
    from pin_ranking.models import Ledger
    from tournaments.models import Player

    sato = Player.objects.get(federation_id="DEMO-009")
    ledger = Ledger.objects.filter(player=sato, track="pin").first()
    if ledger is not None and ledger.pin is not None:
        form = SimpleUploadedFile("appendix-10-sato.pdf", b"%PDF-1.4\n% the signed form (demo)\n",
                                  content_type="application/pdf")
        application_file(actor=users["pin"], player=sato, track="pin", pin=ledger.pin, sex="M", age=29,
                         id_number="TK2201-5567", contact="sato.haruto@example.jp", pledge_accepted=False,
                         paper_form=form)
