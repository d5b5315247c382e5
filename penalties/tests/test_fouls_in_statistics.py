"""Statistics with fouls: false wins (错和, 3.11.6.6) and other fouls reach the core's
statistics through the foul_records seam; a cancelled penalty counts nowhere; a disqualified player
(停赛, 3.11.4, 3.11.6.1) keeps the hands they played, marked. The scenario is the core's
(testing/statistics.py) with these fouls recorded while the sheets are open:
3's false win in table 1 hand 3, 2's violation (3.11.2.2) in hand 2, 4's violation cancelled, and
5 disqualified for cheating in table 2 hand 2."""

import pytest

from penalties import services as penalty_services
from reports.statistics import selectors
from testing.statistics import build, figures


def fouls(referee, chief_referee, sheets, by_entry):
    penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="false_win", offender=by_entry[3],
                                    hand_number=3)
    penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="violation", offender=by_entry[2],
                                    hand_number=2, points=20)
    cancelled = penalty_services.penalty_record(actor=referee, sheet=sheets[1], foul="violation",
                                                offender=by_entry[4], hand_number=2, points=10)
    penalty_services.penalty_cancel(actor=chief_referee, penalty=cancelled, reason="Not a foul after all.")
    penalty_services.penalty_record(actor=referee, sheet=sheets[2], foul="cheating", offender=by_entry[5],
                                    hand_number=2)


@pytest.fixture
def scenario(tournament, registrations, organizer, referee, chief_referee, pins):
    return build(tournament=tournament, registrations=registrations, organizer=organizer, referee=referee,
                 chief_referee=chief_referee, fouls=fouls)


@pytest.mark.django_db
def test_3_11_6_6_false_wins_and_other_fouls_per_player(scenario):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    #                                hands wins self deal draws avg  max chicken false fouls
    assert figures(stats, 2) == (4, 1, 1, 0, 1, 25.0, 25, 0, 0, 1)
    assert figures(stats, 3) == (4, 1, 0, 0, 1, 8.0, 8, 1, 1, 0)  # one false win, not a foul besides
    assert figures(stats, 4) == (4, 0, 0, 1, 1, None, 0, 0, 0, 0)  # the cancelled foul is not counted
    assert figures(stats, 5) == (2, 1, 0, 1, 0, 8.0, 8, 1, 0, 1)  # the cheating (3.11.6.1)
    summary = selectors.summary(stats.hands, stats.fouls)
    assert (summary["false_wins"], summary["fouls"], summary["hands"], summary["wins"]) == (1, 2, 6, 5)


@pytest.mark.django_db
def test_3_11_4_a_disqualified_player_keeps_the_hands_played_marked(scenario, client):
    stats = selectors.statistics_compute(tournament=scenario["tournament"])
    assert stats.by_entry(5).disqualified and not stats.by_entry(6).disqualified
    tournament = scenario["tournament"]
    page = client.get(f"/t/{tournament.pk}/statistics/players/5/").content.decode()
    assert "3.11.6.1" in page and "Disqualified" in page
    assert f"/t/{tournament.pk}/statistics/hands/?session=1&amp;table=2#h2" in page  # the foul's hand
    board = client.get(f"/t/{tournament.pk}/statistics/").content.decode()
    assert "Disqualified" in board


@pytest.mark.django_db
def test_the_seam_names_each_foul_in_three_languages(scenario):
    from tournaments.extensions import foul_name, foul_records

    records = foul_records(scenario["tournament"].pk)
    assert sorted(r.code for r in records) == ["cheating", "false_win", "violation"]
    assert [r.false_win for r in records if r.code == "false_win"] == [True]
    assert "错和" in foul_name("false_win", "zh-hans") and "錯和" in foul_name("false_win", "ja")


@pytest.mark.django_db
def test_every_foul_is_listed_and_linked_to_its_hand(scenario, client):
    tournament = scenario["tournament"]
    page = client.get(f"/t/{tournament.pk}/statistics/").content.decode()
    fouls = page.split('id="fouls"', 1)[1].split("</ul>", 1)[0]
    assert fouls.count("<li>") == 3 and "3.11.6.6(1)" in fouls and "Player 3 (3)" in fouls
    assert f"/t/{tournament.pk}/statistics/hands/?session=1&amp;table=1#h3" in fouls
    assert 'href="#fouls"' in page  # the False wins and Other fouls figures lead there


@pytest.mark.django_db
def test_3_11_4_the_ranking_report_marks_the_disqualified_player(scenario, client):
    import csv
    import io

    from tournaments.standings.services import standings_recompute

    tournament = scenario["tournament"]
    standings_recompute(tournament_id=tournament.pk)
    text = client.get(f"/t/{tournament.pk}/ranking-report.csv").content.decode("utf-8-sig")
    rows = {row["entry"]: row for row in csv.DictReader(io.StringIO(text))}
    assert rows["5"]["disqualified"] == "yes" and rows["5"]["rank"]  # keeps the rank earned so far
    assert rows["6"]["disqualified"] == ""
