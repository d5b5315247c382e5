"""The demo's championship taking entries (`make run`): a tournament a year ahead with entries open, country
quotas, a fee, team entries, and entries in every state a newcomer meets (entered, paid, waiting, unconfirmed).
Built through the entries' services, as an organizer and the entrants would."""

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from entries import services
from entries.models import Entry
from tournaments.core import services as core_services
from tournaments.models import Tournament

ENTRIES_DEMO_NAME = "MCR Championship 2027 (entries open)"
PEOPLE = [
    ("Li Ming", "李明", "CN"), ("Wang Fang", "王芳", "CN"), ("Yamada Taro", "山田太郎", "JP"),
    ("Sato Hanako", "佐藤花子", "JP"), ("Anna de Vries", "", "NL"), ("Lars Jensen", "", "DK"),
    ("Zhang Wei", "张伟", "CN"), ("Chen Jing", "陈静", "CN"), ("Kim Minji", "김민지", "KR"),
    ("Ivan Petrov", "Иван Петров", "RU"), ("Marie Dubois", "", "FR"), ("Tanaka Ken", "田中健", "JP"),
    ("Liu Yang", "刘洋", "CN"), ("Sophie Martin", "", "FR"),
]


def seed_entries(users: dict) -> Tournament:
    """Once: running it again changes nothing."""
    existing = Tournament.objects.filter(name=ENTRIES_DEMO_NAME).first()
    if existing is not None:
        return existing
    organizer = users["organizer"]
    starts = timezone.localdate() + dt.timedelta(days=365)
    tournament = core_services.tournament_create(actor=organizer, name=ENTRIES_DEMO_NAME, venue="Convention Centre",
                                                 starts_on=starts, ends_on=starts + dt.timedelta(days=2))
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1,
                                    status=Tournament.Status.PUBLISHED)
    now = timezone.now()
    services.entry_window_set(
        actor=organizer, tournament=tournament, opens_at=now - dt.timedelta(days=2),
        closes_at=now + dt.timedelta(days=300), capacity=16, quotas={"CN": 4, "JP": 4},
        quota_release_on=(now + dt.timedelta(days=200)).date(), fee=Decimal("60.00"), currency="EUR",
        payment_instructions="IBAN NL91 ABNA 0417 1643 00", refund_until=(now + dt.timedelta(days=250)).date(),
        team_players=4)
    services.team_entry_submit(
        tournament=tournament, name="Kyoto Dragons", country="JP", email="kyoto@example.org", language="ja",
        consent=True, members=[{"name": f"Kyoto {n + 1}", "country": "JP", "email": f"kyoto{n + 1}@example.org",
                                "reserve": n == 4} for n in range(5)])
    for n, (name, local, country) in enumerate(PEOPLE):
        entry = services.entry_submit(tournament=tournament, name=name, name_local=local, country=country,
                                      email=f"entrant{n + 1}@example.org", language="en", consent=True)
        services.entry_confirm(entry=entry)
    services.entry_payment_record(actor=organizer, entry=Entry.objects.get(tournament=tournament, name="Li Ming"),
                                  payment=Entry.Payment.TRANSFER, reference="MCR-LI")
    return tournament
