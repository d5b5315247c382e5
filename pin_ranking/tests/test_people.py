"""One ledger per person (4.1): two records of the same player merged (their results and Pins moved, audited,
undone by the world body); a Pin awarded on paper before this system entered so that it is never lowered."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from pin_ranking.committee.selectors import held_pin
from pin_ranking.models import Committee, CommitteeSeat, Ledger, PinAward, PlayerMerge
from pin_ranking.people.services import pin_award_enter_paper, player_merge, player_merge_undo
from pin_ranking.register.services import competition_register
from pin_ranking.testing import finished_tournament
from testing.fixtures import make_user
from tournaments.models import AuditEvent, Player

TP = 12


@pytest.fixture
def split(db, committee_member, run_on_commit):
    """No Id Person entered two competitions without a federation ID: two records, 30 TP each (Pin 8 twice;
    one person's 60 TP reach Pin 7)."""
    for name, day in (("Spring Open", dt.date(2026, 3, 1)), ("Autumn Open", dt.date(2026, 9, 1))):
        tournament = finished_tournament(name=name, rows=[{"fid": "", "name": "No Id Person", "tp": 30 * TP,
                                                           "cp": 100}], extra_players=45, sessions=8,
                                         starts_on=day, fid_prefix=name[:2])
        run_on_commit(lambda t=tournament: competition_register(actor=committee_member, tournament=t,
                                                               level="regional"))
    return list(Player.objects.filter(name="No Id Person").order_by("pk"))


def pin_of(player):
    return Ledger.objects.get(player=player, track="pin").pin


def test_a_merge_moves_the_results_and_changes_the_pin_and_is_undone(split, committee_member, run_on_commit):
    kept, merged = split
    assert (pin_of(kept), pin_of(merged)) == (8, 8)
    merge = run_on_commit(lambda: player_merge(actor=committee_member, kept_id=kept.pk, merged_id=merged.pk,
                                               reason="the same person, entered without an ID twice"))
    assert pin_of(kept) == 7 and pin_of(merged) is None and len(merge.results) == 1
    event = AuditEvent.objects.get(action="pin.players_merged")
    assert event.detail["merged"] == merged.pk and event.detail["results"] == merge.results
    run_on_commit(lambda: player_merge_undo(actor=committee_member, merge_id=merge.pk))
    assert (pin_of(kept), pin_of(merged)) == (8, 8)
    merge.refresh_from_db()
    assert merge.undone_at is not None
    with pytest.raises(ValidationError, match="already undone"):
        player_merge_undo(actor=committee_member, merge_id=merge.pk)


def test_two_results_in_one_competition_are_two_people(split, committee_member, run_on_commit):
    kept, merged = split
    other = finished_tournament(name="Winter Open", rows=[{"fid": "", "name": "No Id Person", "tp": 10 * TP,
                                                           "cp": 1}, {"fid": "", "name": "No Id Person",
                                                                      "tp": 9 * TP, "cp": 1}],
                                extra_players=44, sessions=8, starts_on=dt.date(2026, 12, 1), fid_prefix="Wi")
    run_on_commit(lambda: competition_register(actor=committee_member, tournament=other, level="regional"))
    a, b = Player.objects.filter(name="No Id Person").order_by("-pk")[:2]
    with pytest.raises(ValidationError, match="one person plays a competition once"):
        player_merge(actor=committee_member, kept_id=a.pk, merged_id=b.pk, reason="same?")
    assert not PlayerMerge.objects.exists()


def test_only_the_world_body_merges_and_a_reason_is_given(split, committee_member):
    kept, merged = split
    member = make_user("cn")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="CN", kind="member", country="CN"),
                                 user=member)
    with pytest.raises(ValidationError, match="Only the world body"):
        player_merge(actor=member, kept_id=kept.pk, merged_id=merged.pk, reason="same")
    with pytest.raises(ValidationError, match="Say why"):
        player_merge(actor=committee_member, kept_id=kept.pk, merged_id=merged.pk, reason=" ")


def test_the_merge_from_the_ledger_page(split, committee_member, client_for, run_on_commit):
    kept, merged = split
    client = client_for(committee_member)
    page = client.get(reverse("pin_ranking:player_ledger", args=[kept.pk])).content.decode()
    assert "Merge into this record" in page and f"This record is number {kept.pk}" in page
    response = run_on_commit(lambda: client.post(reverse("pin_ranking:merge", args=[kept.pk]),
                                                 {"merged": merged.pk, "reason": "same person"}))
    assert response.status_code == 302 and pin_of(kept) == 7
    page = client.get(reverse("pin_ranking:player_ledger", args=[kept.pk])).content.decode()
    assert f"(record {merged.pk}) merged into" in page and "Undo" in page


def test_a_paper_pin_stands_in_the_register_and_is_never_lowered(split, committee_member, client_for):
    kept, _merged = split
    award = pin_award_enter_paper(actor=committee_member, player=kept, track="pin", pin=6, number="CMA-2005-12",
                                  awarded_on=dt.date(2005, 6, 1))
    assert (award.source, award.application, award.committee.kind) == ("paper", None, "world")
    assert held_pin(player=kept, track="pin") == 6
    assert AuditEvent.objects.filter(action="pin.award_entered", detail__number="CMA-2005-12").exists()
    with pytest.raises(ValidationError, match="already in the register"):
        pin_award_enter_paper(actor=committee_member, player=kept, track="pin", pin=6, number="CMA-2005-12",
                              awarded_on=dt.date(2005, 6, 1))
    with pytest.raises(ValidationError, match="not in the future"):
        pin_award_enter_paper(actor=committee_member, player=kept, track="pin", pin=6, number="X-1",
                              awarded_on=dt.date(2999, 1, 1))
    assert "CMA-2005-12" in client_for(None).get(reverse("pin_ranking:register")).content.decode()
    assert PinAward.objects.count() == 1


def test_a_member_organization_enters_only_the_paper_pins_it_certifies(split, committee_member):
    """2014: a member organization certifies Pin 4 and below of its country's players; Pin 1-3 are the world
    body's. Numbers of this system's form are never a paper certificate's."""
    kept, _merged = split
    member = make_user("cnpaper")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="CN", kind="member", country="CN"),
                                 user=member)
    with pytest.raises(ValidationError, match="certifies this Pin, not your committee"):
        pin_award_enter_paper(actor=member, player=kept, track="pin", pin=2, number="CMA-1",
                              awarded_on=dt.date(2005, 1, 1))
    award = pin_award_enter_paper(actor=member, player=kept, track="pin", pin=6, number="CMA-2",
                                  awarded_on=dt.date(2005, 1, 1))
    assert award.committee.kind == "member"
    with pytest.raises(ValidationError, match="a number this system gives"):
        pin_award_enter_paper(actor=committee_member, player=kept, track="pin", pin=5, number="P2026-00002",
                              awarded_on=dt.date(2005, 1, 1))


def test_a_merged_players_account_reads_the_kept_ledger(split, committee_member, client_for, run_on_commit):
    kept, merged = split
    user = make_user("noid")
    Player.objects.filter(pk=merged.pk).update(user=user)
    run_on_commit(lambda: player_merge(actor=committee_member, kept_id=kept.pk, merged_id=merged.pk, reason="same"))
    page = client_for(user).get(reverse("pin_ranking:my_pin")).content.decode()
    assert "Pin 7" in page
