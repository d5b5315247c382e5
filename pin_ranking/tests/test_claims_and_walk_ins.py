"""People known only from results files (the second Pin audit's N7 and N9): a walk-in without a federation ID goes
to the review like an unknown player, a spelling accepted with a reason is remembered, and a player links their
account to their record by its federation ID, which the committee of their country confirms."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsNeedReview,
    results_file_import,
    results_import_confirm,
)
from pin_ranking.models import AccountClaim, Committee, CommitteeSeat, PlayerAlias
from pin_ranking.people import services
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent, Player

EVENT = ExternalCompetition(name="Osaka Open", level="regional", starts_on=dt.date(2026, 6, 6),
                            ends_on=dt.date(2026, 6, 7), sessions=6, chief_referee="Sato Ken", country="JP")


def file(rows) -> bytes:
    lines = ["federation_id,name,country,rank,table_points,contest_points"]
    lines += [",".join(row) for row in rows]
    return ("\n".join(lines) + "\n").encode()


def forty(first=("JP-1", "Zhang San")) -> list:
    rows = [[first[0], first[1], "CN", "1", "12", "99"]]
    rows += [[f"JP-{n}", f"Player {n}", "JP", str(n), "10" if n <= 30 else "6", str(100 - n)] for n in range(2, 41)]
    return rows


@pytest.fixture
def known(db):
    Player.objects.create(name="Zhang San", federation_id="JP-1", country="CN")
    Player.objects.bulk_create(Player(name=f"Player {n}", federation_id=f"JP-{n}", country="JP") for n in range(2, 41))


def test_4_4_a_walk_in_without_an_id_is_reviewed_and_created_not_refused(known, committee_member):
    rows = forty()
    rows[-1][0] = ""  # the 40th player came without a federation ID
    with pytest.raises(ResultsNeedReview) as review:
        results_file_import(actor=committee_member, filename="osaka.csv", content=file(rows), competition=EVENT)
    record = review.value.record
    assert [(u["row"], u["federation_id"], u["name"]) for u in record.unknown_players] == [(41, "", "Player 40")]
    competition = results_import_confirm(actor=committee_member, import_id=record.pk, create_players=True)
    walk_in = competition.results.get(rank=40).player
    assert (walk_in.name, walk_in.federation_id, walk_in.country) == ("Player 40", "", "JP")


def test_4_4_a_spelling_accepted_with_a_reason_is_remembered(known, committee_member):
    with pytest.raises(ResultsNeedReview) as review:
        results_file_import(actor=committee_member, filename="osaka.csv", content=file(forty(("JP-1", "张三"))),
                            competition=EVENT)
    results_import_confirm(actor=committee_member, import_id=review.value.record.pk, create_players=False,
                           names_reason="The same name in Chinese characters")
    alias = PlayerAlias.objects.get()
    assert (alias.player.federation_id, alias.name, alias.reason) == ("JP-1", "张三",
                                                                      "The same name in Chinese characters")
    # The next file that writes it so is not asked about again.
    kobe = forty(("JP-1", "张三"))
    kobe[1][5] = "97"  # another event: not the same rows
    later = results_file_import(actor=committee_member, filename="kobe.csv", content=file(kobe),
                                competition=ExternalCompetition(**{**EVENT.__dict__, "name": "Kobe Open",
                                                                   "starts_on": dt.date(2026, 9, 1),
                                                                   "ends_on": dt.date(2026, 9, 1)}),
                                duplicate_reason="Another event with the same field")
    assert later.results.get(rank=1).player.federation_id == "JP-1"


def test_3_10_2_a_player_known_from_results_claims_the_record_and_the_committee_confirms(known, client_for):
    japan = Committee.objects.create(name="JMA Pin Committee", kind="member", country="CN")
    member = make_user("cn_member")
    CommitteeSeat.objects.create(committee=japan, user=member)
    zhang = make_user("zhang")
    client = client_for(zhang)
    # My Pin offers the claim; the application page says where to go instead of a bare 404.
    assert "Claim my record" in client.get(reverse("pin_ranking:my_pin")).content.decode()
    response = client.get(reverse("pin_ranking:application_new", args=["pin"]), follow=True)
    assert "claim it first" in response.content.decode() and "Claim my record" in response.content.decode()
    with pytest.raises(ValidationError, match="No record of the register has the federation ID"):
        services.account_claim_file(actor=zhang, federation_id="JP-999")
    client.post(reverse("pin_ranking:claim"), {"federation_id": "jp-1", "note": "Osaka club"})
    claim = AccountClaim.objects.get()
    assert (claim.player.federation_id, claim.status) == ("JP-1", "pending")
    assert "waits for your committee" in client.get(reverse("pin_ranking:claim")).content.decode()
    # The committee of the record's country sees it; another does not, and cannot decide it.
    other = make_user("jp_member")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="JP", kind="member", country="JP"),
                                 user=other)
    assert "Zhang San" not in client_for(other).get(reverse("pin_ranking:claims")).content.decode()
    with pytest.raises(NotFound):
        services.account_claim_decide(actor=other, claim_id=claim.pk, confirm=True)
    page = client_for(member).get(reverse("pin_ranking:claims")).content.decode()
    assert "Zhang San" in page and "Osaka club" in page
    with pytest.raises(ValidationError, match="Say why"):
        services.account_claim_decide(actor=member, claim_id=claim.pk, confirm=False)
    client_for(member).post(reverse("pin_ranking:claims"), {"claim": claim.pk, "decision": "confirm"})
    assert Player.objects.get(federation_id="JP-1").user == zhang
    assert AuditEvent.objects.filter(action__in=["pin.claim_filed", "pin.claim_decided"]).count() == 2
    assert "Claim my record" not in client_for(zhang).get(reverse("pin_ranking:my_pin")).content.decode()
    assert client_for(zhang).get(reverse("pin_ranking:claim"))["Location"] == reverse("pin_ranking:my_pin")


def test_3_10_2_the_federation_that_issued_the_id_may_confirm_the_claim(db, client_for, committee_member):
    from pin_ranking.committee import services as committee_services

    dutch = Player.objects.create(name="Anna de Vries", federation_id="EMA:04160001", country="NL")
    cn = Committee.objects.create(name="CN", kind="member", country="CN")
    # The register's administrator names the issuer a committee speaks for; a typed word or a second is refused.
    with pytest.raises(ValidationError, match="2 to 16 letters or digits"):
        committee_services.committee_issuer_set(actor=None, committee=cn, id_issuer="European Mahjong Association")
    ema = committee_services.committee_create(actor=None, name="EMA Pin Committee", kind="member", country="FR",
                                              id_issuer="ema:")
    assert ema.id_issuer == "EMA"
    with pytest.raises(ValidationError, match="confirms this issuer's federation IDs already"):
        committee_services.committee_issuer_set(actor=None, committee=cn, id_issuer="EMA")
    seat = make_user("ema_member")
    CommitteeSeat.objects.create(committee=ema, user=seat)
    other = make_user("cn_seat")
    CommitteeSeat.objects.create(committee=cn, user=other)
    anna = make_user("anna")
    claim = services.account_claim_file(actor=anna, federation_id="EMA:04160001")
    # The Netherlands has no committee: the world body may decide; so may the issuer's, in France; CN may not.
    assert "Anna de Vries" in client_for(seat).get(reverse("pin_ranking:claims")).content.decode()
    assert "Anna de Vries" not in client_for(other).get(reverse("pin_ranking:claims")).content.decode()
    with pytest.raises(NotFound):
        services.account_claim_decide(actor=other, claim_id=claim.pk, confirm=True)
    services.account_claim_decide(actor=seat, claim_id=claim.pk, confirm=True)
    dutch.refresh_from_db()
    assert dutch.user == anna
    # Retired, the issuer's committee no longer decides.
    committee_services.committee_retire(actor=None, committee=ema, reason="merged into the federation's")
    bob = make_user("bob")
    Player.objects.create(name="Bob Janssen", federation_id="EMA:04160002", country="NL")
    later = services.account_claim_file(actor=bob, federation_id="EMA:04160002")
    with pytest.raises(NotFound):
        services.account_claim_decide(actor=seat, claim_id=later.pk, confirm=True)
    services.account_claim_decide(actor=committee_member, claim_id=later.pk, confirm=False, reason="unknown to us")


def test_claim_tries_are_counted_per_account_and_per_address_refused_ones_too(known):
    prober = make_user("prober")
    for n in range(services.CLAIM_TRIES_PER_ACCOUNT):
        with pytest.raises(ValidationError, match="No record of the register"):
            services.account_claim_file(actor=prober, federation_id=f"JP-9{n:02d}", client="10.0.0.1")
    with pytest.raises(ValidationError, match="Too many claims"):
        services.account_claim_file(actor=prober, federation_id="JP-1", client="10.0.0.1")
    assert not AccountClaim.objects.exists()
    # Another account behind the same address still claims; the address's own ceiling is far above a real day.
    services.account_claim_file(actor=make_user("neighbour"), federation_id="JP-1", client="10.0.0.1")
    many = [make_user(f"nat{n}") for n in range(services.CLAIM_TRIES_PER_ADDRESS)]
    for user in many[: services.CLAIM_TRIES_PER_ADDRESS - services.CLAIM_TRIES_PER_ACCOUNT - 1]:
        with pytest.raises(ValidationError, match="No record of the register"):
            services.account_claim_file(actor=user, federation_id="JP-999", client="10.0.0.1")
    with pytest.raises(ValidationError, match="Too many claims"):
        services.account_claim_file(actor=many[-1], federation_id="JP-2", client="10.0.0.1")
    services.account_claim_file(actor=many[-1], federation_id="JP-2", client="10.0.0.2")
