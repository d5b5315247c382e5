"""A tournament under the WMO elementary competition rules (003 「国際麻雀初級競技規則」; scoring/READINGS.md E1-E9):
created, played, signed and ranked; its sheets, payments, declared fans and false wins follow the rule set
(its archive: archive/tests/test_archive_rule_sets.py)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from testing.scenarios import CHICKEN, play, seat, win
from tournaments.core import services as core_services
from tournaments.models import Hand, ScoreSheet, StandingsSnapshot, Tournament
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.services import standings_recompute

SIX = "[123m]234p34sNNN99s+5s"            # Mixed Shifted Chows: 6 (the full rules: 7 with the wind pung)
TWELVE = "[678m][789p]666s789s9s+9s"      # Upper Four: 12
THIRTEEN_ORPHANS = "19m19p19sESWNCFP+1m"
FIVE = "[111m][111p]CCC456m9p+9p"         # Double Pung + Dragon Pung + One Voided Suit: 5


@pytest.fixture
def elementary(tournament, organizer):
    return core_services.tournament_update(actor=organizer, tournament=tournament, rule_set="elementary")


def record(actor, sheet, number, **hand):
    return sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number,
                                      entry=HandEntry.from_mapping({"result": "win", **hand}))


@pytest.mark.django_db
def test_the_organizer_creates_an_elementary_tournament_from_the_form(client_for, organizer):
    client = client_for(organizer)
    response = client.post(reverse("tournaments:create"), {
        "name": "Beginners' Cup", "venue": "School hall", "starts_on": "2026-07-01", "ends_on": "2026-07-01",
        "rule_set": "elementary", "rules": "green_book", "planned_sessions": 6, "session_minutes": 90,
    })
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Beginners' Cup")
    assert (tournament.rule_set, tournament.rules) == ("elementary", "green_book")
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert "Elementary rules (30 fans, minimum 6)" in page.content.decode()


@pytest.mark.django_db
def test_a_tournament_created_without_a_rule_set_plays_the_full_rules(tournament):
    assert tournament.rule_set == "full"


@pytest.mark.django_db
def test_an_unknown_rule_set_is_refused_and_nothing_is_saved(organizer):
    with pytest.raises(ValidationError) as caught:
        core_services.tournament_create(actor=organizer, name="Riichi Night", starts_on=dt.date(2026, 7, 1),
                                        ends_on=dt.date(2026, 7, 1), rule_set="riichi")
    assert "rule_set" in caught.value.message_dict
    assert not Tournament.objects.filter(name="Riichi Night").exists()


@pytest.mark.django_db
def test_the_rule_set_cannot_change_once_a_hand_is_scored(elementary, organizer, referee, sheet):
    # before any hand it may still change
    core_services.tournament_update(actor=organizer, tournament=elementary, rule_set="full")
    core_services.tournament_update(actor=organizer, tournament=elementary, rule_set="elementary")
    record(referee, sheet, 1, winner=2, discarder=0, tiles=SIX)
    with pytest.raises(ValidationError) as caught:
        core_services.tournament_update(actor=organizer, tournament=elementary, rule_set="full")
    assert "can no longer change" in caught.value.message_dict["rule_set"][0]
    elementary.refresh_from_db()
    assert elementary.rule_set == "elementary"


@pytest.mark.django_db
def test_003_payments_without_base_discard_and_self_drawn(elementary, referee, sheet):
    record(referee, sheet, 1, winner=2, discarder=0, tiles=SIX)
    record(referee, sheet, 2, winner=1, discarder=None, tiles=TWELVE)
    hands = list(Hand.objects.filter(sheet=sheet).order_by("number"))
    assert [h.total for h in hands] == [6, 12]
    assert hands[0].deltas == (-6, 0, 6, 0)            # only the discarder pays
    assert hands[1].deltas == (-12, 36, -12, -12)      # each of the three others pays the hand's points
    sheet.refresh_from_db()
    assert sheet.totals == (-18, 36, -6, -12)


@pytest.mark.django_db
@pytest.mark.parametrize("tiles, code, words", [
    (CHICKEN, "below_minimum", "elementary rules needs at least 6"),   # 8 under the full rules: 0 here
    (FIVE, "below_minimum", "worth 5 fan points"),
    (THIRTEEN_ORPHANS, "shape_not_in_rule_set", "do not know this hand's shape"),
])
def test_3_9_1_1_and_e8_hands_that_do_not_win_under_the_elementary_rules(elementary, referee, sheet, tiles, code,
                                                                        words):
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 1, winner=2, discarder=0, tiles=tiles)
    assert caught.value.error_dict["tiles"][0].code == code
    assert words in caught.value.message_dict["tiles"][0]
    assert not Hand.objects.filter(sheet=sheet).exists()


@pytest.mark.django_db
def test_the_same_hand_of_six_is_refused_under_the_full_rules(tournament, referee, sheet):
    with pytest.raises(ValidationError):
        record(referee, sheet, 1, winner=2, discarder=0, tiles=SIX)


@pytest.mark.django_db
def test_declared_fans_fallback_offers_and_accepts_only_the_30_fans(elementary, referee, sheet, client_for):
    record(referee, sheet, 1, winner=2, discarder=0, declared_fans=[51])   # 6 points, no tiles
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert (hand.total, hand.verified, hand.deltas) == (6, False, (-6, 0, 6, 0))
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 2, winner=2, discarder=0, declared_fans=[63, 51])  # All Chows is not one of them
    assert "not one of the 30 fans" in caught.value.message_dict["declared_fans"][0]
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 2, winner=2, discarder=0, declared_fans=[65, 59, 75], flowers=3)  # 5 + flowers
    assert "less than 6 points" in caught.value.message_dict["declared_fans"][0]
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    offered = {int(v) for v in __import__("re").findall(r'name="declared_fans" value="(\d+)"', page)}
    assert offered == {19, 22, 28, 30, 31, 34, 36, 37, 38, 39, 41, 46, 47, 49, 50, 51, 52, 54, 56, 58,
                       59, 62, 64, 65, 66, 67, 74, 75, 76}   # the 30 fans but the flowers, entered as a count
    assert 'data-rule-set="elementary"' in page
    # The note's label ends in the language's own colon (full width in Chinese and Japanese).
    for language, label in (("en", "Elementary rules:</strong>"), ("zh-hans", "初级规则：</strong>"),
                            ("ja", "初級ルール：</strong>")):
        translated = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk]),
                                             HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert label in translated, language


@pytest.mark.django_db
def test_3_11_6_6_declared_scoring_a_declaration_under_six_is_a_false_win(elementary, organizer, referee, sheet):
    Tournament.objects.filter(pk=elementary.pk).update(scoring_mode="declared")
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 1, winner=2, discarder=0, tiles=TWELVE, declared_fans=[65])
    assert caught.value.error_dict["declared_fans"][0].code == "false_win"
    assert "less than 6 points" in caught.value.message_dict["declared_fans"][0]
    record(referee, sheet, 1, winner=2, discarder=0, tiles=TWELVE, declared_fans=[36])
    assert Hand.objects.get(sheet=sheet, number=1).total == 12


@pytest.mark.django_db
def test_an_elementary_tournament_from_seats_to_signed_sheets_and_standings(
        elementary, registrations, organizer, referee, pins, client_for, django_capture_on_commit_callbacks):
    session = elementary.sessions.get(number=1)
    seat(actor=organizer, session=session, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    with django_capture_on_commit_callbacks(execute=True):
        play(actor=referee, session=session, hands={
            1: [win(2, 0, SIX), win(1, None, TWELVE)],
            2: [win(0, None, SIX, flowers=2)],         # 8 with the flowers: each pays 8
            3: [{"result": "draw"}],
        })
    sheets = ScoreSheet.objects.filter(session=session).order_by("table__number")
    assert {s.status for s in sheets} == {ScoreSheet.Status.LOCKED}
    assert [s.totals for s in sheets] == [(-18, 36, -6, -12), (24, -8, -8, -8), (0, 0, 0, 0)]
    snapshot = standings_recompute(tournament_id=elementary.pk)
    points = {str(row["entry"]): row["contest_points"] for row in snapshot.data["individuals"]}
    assert (points["2"], points["5"], points["1"]) == (36, 24, -18)
    assert StandingsSnapshot.objects.filter(tournament=elementary).exists()
    client = client_for(organizer)
    standings = client.get(reverse("tournaments:standings", args=[elementary.pk])).content.decode()
    assert 'data-rule-set="elementary"' in standings
    fouls = client.get(reverse("penalties:record", args=[elementary.pk, 1])).content.decode()
    assert "under 6 points" in fouls

