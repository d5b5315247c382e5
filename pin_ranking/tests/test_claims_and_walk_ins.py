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
