"""Tournaments made by pin_ranking.testing (the demo's past tournaments) answer like any other (issue 28: their
snapshots once held session lines without a table, and the standings API and results.csv answered 500)."""

import pytest

from pin_ranking.testing import finished_tournament


@pytest.mark.django_db
def test_a_past_tournaments_standings_api_and_results_files_answer_200(client):
    tournament = finished_tournament(name="Past Open", rows=[
        {"fid": "P1", "name": "Li Wei", "tp": 96, "cp": 40, "team": "Red"},
        {"fid": "P2", "name": "Anna Smith", "tp": 48, "cp": -40, "team": "Red"},
    ])
    api = client.get(f"/api/tournaments/{tournament.pk}/standings/")
    assert api.status_code == 200 and [row["entry"] for row in api.json()["individuals"]] == [1, 2]
    csv = client.get(f"/t/{tournament.pk}/results.csv")
    assert csv.status_code == 200 and "Li Wei" in csv.content.decode("utf-8-sig")
