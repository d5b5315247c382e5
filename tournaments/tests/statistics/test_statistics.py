"""Statistics against a hand-computed scenario (issue 17): draws, ties, penalties, a disqualified
player, a corrected hand and a sheet not yet signed.

Session 1, three tables (entries East, South, West, North):
- table 1 (1 2 3 4): h1 entry 1 wins a Chicken Hand (8) off 4; h2 entry 2 self-draws the straight (25);
  h3 a draw; h4 entry 1 wins the straight (23) off 3, corrected after signing (an objection made
  before signing) to entry 3 winning a Chicken Hand (8) off 1. Fouls: 3's false win (错和, 3.11.6.6)
  in h3, 2's violation (3.11.2.2) in h2, 4's violation cancelled.
- table 2 (5 6 7 8): h1 entry 5 wins a Chicken Hand (8) off 6; 5 disqualified for cheating (停赛,
  3.11.4, 3.11.6.1) in h2; h2 entry 6 wins the straight (23) off 5.
- table 3 (9 10 11 12): two draws; signed last (before that its hands count nowhere).
"""

import datetime as dt

import pytest

from penalties import services as penalty_services
from tournaments.models import ScoreSheet
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.statistics import selectors
from tournaments.testing.scenarios import CHICKEN, STRAIGHT, publish, seat, sign_all, win

DRAW = {"result": "draw"}


def record(actor, sheet, hands):
    for number, hand in enumerate(hands, start=1):
        sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand))


@pytest.fixture
def scenario(tournament, registrations, organizer, referee, chief_referee, pins):
    by_entry = {r.entry_number: r for r in registrations}
    session = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    session_services.session_start(actor=organizer, session=session)
    sheets = {s.table.number: s for s in ScoreSheet.objects.filter(session=session).select_related("table")}
    record(referee, sheets[1], [win(0, 3, CHICKEN), win(1, None, STRAIGHT), DRAW, win(0, 2, STRAIGHT)])
    penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="false_win", offender=by_entry[3],
                                    hand_number=3)
    penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="violation", offender=by_entry[2],
                                    hand_number=2, points=20)
    cancelled = penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="violation",
                                                offender=by_entry[4], hand_number=2, points=10)
    penalty_services.penalty_cancel(actor=chief_referee, penalty=cancelled, reason="Not a foul after all.")
    record(referee, sheets[2], [win(0, 1, CHICKEN)])
    penalty_services.penalty_record(actor=referee, sheet=sheets[2], foul="cheating", offender=by_entry[5],
                                    hand_number=2)
    sheet_services.hand_record(actor=referee, sheet_id=sheets[2].pk, number=2,
                               entry=HandEntry.from_mapping(win(1, 0, STRAIGHT)))
    record(referee, sheets[3], [DRAW, DRAW])
    session_services.session_end(actor=organizer, session=session)
    for table in (1, 2):
        sign_all(actor=referee, sheet=sheets[table])
    locked = ScoreSheet.objects.get(pk=sheets[1].pk)
    sheet_services.hand_correct(
        actor=chief_referee, sheet=locked, number=4, expected_version=locked.version,
        reason="the winner was West, on East's discard", entry=HandEntry.from_mapping(win(2, 0, CHICKEN)),
        basis="objection", objection_at=locked.locked_at - dt.timedelta(minutes=1),
    )
    publish(tournament)
    return {"tournament": tournament, "sheets": sheets, "referee": referee}


def figures(stats, entry):
    p = stats.by_entry(entry)
    return (p.hands, p.wins, p.self_drawn, p.deal_ins, p.draws, p.average_win, p.biggest, p.chicken,
            p.false_wins, p.fouls)


@pytest.mark.django_db
def test_each_player_against_the_hand_computed_figures(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    #                                hands wins self deal draws avg  max chicken false fouls
    assert figures(stats, 1) == (4, 1, 0, 1, 1, 8.0, 8, 1, 0, 0)  # h4 corrected: dealt in, no longer won
    assert figures(stats, 2) == (4, 1, 1, 0, 1, 25.0, 25, 0, 0, 1)
    assert figures(stats, 3) == (4, 1, 0, 0, 1, 8.0, 8, 1, 1, 0)  # the corrected h4 is theirs; one false win
    assert figures(stats, 4) == (4, 0, 0, 1, 1, None, 0, 0, 0, 0)  # the cancelled foul is not counted
    assert figures(stats, 5) == (2, 1, 0, 1, 0, 8.0, 8, 1, 0, 1)
    assert figures(stats, 6) == (2, 1, 0, 1, 0, 23.0, 23, 0, 0, 0)
    assert figures(stats, 7) == figures(stats, 8) == (2, 0, 0, 0, 0, None, 0, 0, 0, 0)
    # table 3 is not signed yet: its hands count nowhere
    assert figures(stats, 9) == (0, 0, 0, 0, 0, None, 0, 0, 0, 0)
    assert stats.by_entry(5).disqualified and not stats.by_entry(6).disqualified


@pytest.mark.django_db
def test_the_tournament_summary_counts_each_hand_once_as_corrected(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    assert selectors.summary(stats.hands, stats.fouls) == {
        "hands": 6, "wins": 5, "self_drawn": 1, "discard_wins": 4, "draws": 1,
        "average_win": 14.4,  # (8 + 25 + 8 + 8 + 23) / 5
        "chicken": 3, "declared": 0, "false_wins": 1, "fouls": 2,
    }
    sign_all(actor=scenario["referee"], sheet=scenario["sheets"][3])
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    summary = selectors.summary(stats.hands, stats.fouls)
    assert (summary["hands"], summary["draws"], summary["wins"]) == (8, 3, 5)
    assert figures(stats, 9) == (2, 0, 0, 0, 2, None, 0, 0, 0, 0)


@pytest.mark.django_db
def test_ties_share_a_rank_and_stay_at_the_cut(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    biggest = [(rank, hand.total) for rank, hand in selectors.biggest_hands(stats.hands, limit=3)]
    assert biggest == [(1, 25), (2, 23), (3, 8), (3, 8), (3, 8)]  # three Chicken Hands tied at the cut
    players = list(stats.players.values())
    most_wins = selectors.ranked([p for p in players if p.wins], key=lambda p: p.wins, limit=3)
    assert sorted(p.entry for _, p in most_wins) == [1, 2, 3, 5, 6] and {r for r, _ in most_wins} == {1}


@pytest.mark.django_db
def test_fan_frequencies_and_their_expected_share(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    rows = {row["number"]: row for row in selectors.fan_frequencies(stats.hands)}
    assert rows[43]["count"] == 3 and rows[43]["share"] == pytest.approx(3 / 5)
    expected = selectors.expected_fans()
    assert rows[43]["expected"] == expected["frequencies"][43] > 0
    assert rows[43]["ratio"] == pytest.approx((3 / 5) / expected["frequencies"][43])
    assert expected["provenance"]["source"] == "simulation" and expected["provenance"]["hands_kept"] >= 10000
    # Seven Pairs is not generated by the model: no expected share is claimed for it
    assert expected["frequencies"][19] is None


@pytest.mark.django_db
def test_the_hands_behind_each_figure(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])

    def places(**query):
        return [(h.table, h.number) for h in selectors.hands_filtered(stats, **query)]

    assert places(kind="deal_ins", entry=1) == [(1, 4)]
    assert places(kind="wins", entry=3) == [(1, 4)]
    assert places(kind="self_drawn") == [(1, 2)]
    assert places(kind="chicken") == [(1, 1), (1, 4), (2, 1)]
    assert places(fan=43, entry=5) == [(2, 1)]
    assert places(kind="draws") == [(1, 3)]
    assert places(entry=7) == [(2, 1), (2, 2)]
    assert places(session=1, table=2) == [(2, 1), (2, 2)]
    assert places(entry=999) == []


@pytest.mark.django_db
def test_the_pages_are_public_where_the_standings_are_and_link_every_figure(scenario, client):
    tournament = scenario["tournament"]
    page = client.get(f"/t/{tournament.pk}/statistics/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html and "<script" not in html.split("<main", 1)[-1]
    assert f"/t/{tournament.pk}/statistics/hands/?kind=chicken" in html
    assert f"/t/{tournament.pk}/statistics/hands/?fan=43" in html
    player = client.get(f"/t/{tournament.pk}/statistics/players/5/").content.decode()
    assert "3.11.6.1" in player and f"/t/{tournament.pk}/statistics/hands/?kind=deal_ins&amp;entry=5" in player
    hands = client.get(f"/t/{tournament.pk}/statistics/hands/?kind=chicken")
    assert hands.status_code == 200 and hands.content.decode().count('id="h') == 3
    assert client.get(f"/t/{tournament.pk}/statistics/hands/?kind=nonsense").status_code == 404
    assert client.get(f"/t/{tournament.pk}/statistics/hands/?entry=x").status_code == 404
    assert client.get(f"/t/{tournament.pk}/statistics/players/999/").status_code == 404


@pytest.mark.django_db
def test_a_draft_tournament_has_no_public_statistics(tournament, client):
    assert client.get(f"/t/{tournament.pk}/statistics/").status_code == 404
