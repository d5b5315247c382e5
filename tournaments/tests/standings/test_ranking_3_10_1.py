"""3.10.1 ranking, shared ranks, the organizer's tie-breaks, and team (参赛队) and group (团体, 3.5.3)
standings ranked the same way.

3.10.1: "竞赛局数标准分之和高者列前，标准分相同时比赛分之和高者列前" - nothing further: players equal on
table points (TP) and contest points (CP) share the rank.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from testing.scenarios import CHICKEN, play, publish, win
from tournaments import extensions
from tournaments.core import services as core_services
from tournaments.models import Group, Registration, Team, Tournament
from tournaments.standings.compute import standings_compute
from tournaments.standings.engine import competition_ranks
from tournaments.standings.results_sheet import ranking_notes
from tournaments.standings.services import standings_recompute


def by_entry(rows):
    return {row["entry"]: row for row in rows}


def test_3_10_1_competition_ranking_shares_equal_keys_1_2_2_4():
    rows = [{"k": 5}, {"k": 3}, {"k": 3}, {"k": 1}, {"k": 1}, {"k": 1}, {"k": 0}]
    assert competition_ranks([row["k"] for row in rows]) == [1, 2, 2, 4, 4, 4, 7]


@pytest.fixture
def mirrored(organizer, tournament, seated_session, referee, pins, teams):
    """Tables 1 and 2 play the same hand: East wins 8 off South. Entries 1 and 5: TP 4, CP +32; 2 and 6:
    TP 0, CP -16; 3, 4, 7, 8: TP 1.5, CP -8. Table 3 plays no hand: 9-12 have TP 1.75, CP 0.

    Teams and groups cross the tables: team 1 = {1, 3}, team 2 = {5, 7}, team 3 = the rest; groups
    A = {1, 3}, B = {5, 7}, C = {9}.
    """
    regs = {r.entry_number: r for r in tournament.registrations.all()}
    Registration.objects.filter(tournament=tournament).update(team=teams[2])
    Registration.objects.filter(pk__in=[regs[1].pk, regs[3].pk]).update(team=teams[0])
    Registration.objects.filter(pk__in=[regs[5].pk, regs[7].pk]).update(team=teams[1])
    groups = {}
    for name, entries in (("A", [1, 3]), ("B", [5, 7]), ("C", [9])):
        groups[name] = core_services.group_create(actor=organizer, tournament=tournament, name=f"Club {name}")
        core_services.group_members_add(actor=organizer, group=groups[name], entries=entries)
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, CHICKEN)]})
    return tournament


@pytest.mark.django_db
def test_3_10_1_players_equal_on_table_and_contest_points_share_the_rank(mirrored):
    data = standings_compute(mirrored)
    rows = by_entry(data["individuals"])
    assert (rows[1]["table_points"], rows[1]["contest_points"]) == (rows[5]["table_points"], rows[5]["contest_points"])
    assert rows[1]["places"] != [0, 0, 0, 0]
    assert rows[1]["rank"] == rows[5]["rank"] == 1
    # The next rank skips the shared one (competition ranking: 1, 1, 3).
    assert {rows[e]["rank"] for e in (9, 10, 11, 12)} == {3}
    assert {rows[e]["rank"] for e in (3, 4, 7, 8)} == {7}
    assert rows[2]["rank"] == rows[6]["rank"] == 11
    assert data["tiebreaks"] == []


@pytest.mark.django_db
def test_3_10_1_equal_table_points_are_split_by_contest_points(organizer, tournament, seated_session, referee, pins):
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, CHICKEN, flowers=1)]})
    rows = by_entry(standings_compute(tournament)["individuals"])
    assert rows[1]["table_points"] == rows[5]["table_points"]
    assert (rows[5]["rank"], rows[1]["rank"]) == (1, 2)  # 33 beats 32


@pytest.mark.django_db
def test_3_10_1_teams_equal_on_table_and_contest_points_share_the_rank(mirrored):
    teams = {team["team"]: team for team in standings_compute(mirrored)["teams"]}
    # Team 1: 4 + 1.5 = 5.5 TP, 32 - 8 = 24 CP; team 2 the same.
    assert (teams["Team 1"]["table_points"], teams["Team 1"]["contest_points"]) == (66, 24)
    assert (teams["Team 2"]["table_points"], teams["Team 2"]["contest_points"]) == (66, 24)
    assert teams["Team 1"]["rank"] == teams["Team 2"]["rank"]
    # Team 3: 2 x 0 + 2 x 1.5 + 4 x 1.75 = 10 TP: first; teams 1 and 2 share 2; none is 3rd.
    assert (teams["Team 3"]["rank"], teams["Team 1"]["rank"]) == (1, 2)


@pytest.mark.django_db
def test_3_5_3_groups_rank_as_teams_do_and_share_on_equal_totals(mirrored):
    groups = {group["group"]: group for group in standings_compute(mirrored)["groups"]}
    assert (groups["Club A"]["table_points"], groups["Club A"]["contest_points"]) == (66, 24)
    assert groups["Club A"]["rank"] == groups["Club B"]["rank"] == 1
    assert groups["Club C"]["rank"] == 3  # 1.75 TP: after the two that share first
    assert groups["Club A"]["members"] == [1, 3]


@pytest.mark.django_db
def test_3_11_5_a_cancelled_placing_counts_for_no_group_or_team(mirrored, swap_seam):
    entry_3 = mirrored.registrations.get(entry_number=3).pk
    swap_seam(extensions.seams.standing_flags, lambda tid: {entry_3: extensions.StandingFlags(rank_cancelled=True)})
    data = standings_compute(mirrored)
    groups = {group["group"]: group for group in data["groups"]}
    teams = {team["team"]: team for team in data["teams"]}
    # Entry 3's name is struck from the results: club A counts and lists entry 1 only, 4 TP, 32 CP,
    # behind club B's 5.5.
    assert (groups["Club A"]["table_points"], groups["Club A"]["contest_points"]) == (48, 32)
    assert groups["Club A"]["members"] == [1]
    assert [row["entry"] for row in data["struck"]] == [3]
    assert (groups["Club B"]["rank"], groups["Club A"]["rank"]) == (1, 2)
    assert teams["Team 1"]["table_points"] == 48


@pytest.mark.django_db
def test_3_10_1_tiebreaks_are_off_by_default_and_named_when_the_organizer_sets_them(
    mirrored, client, organizer
):
    assert Tournament._meta.get_field("tiebreaks").get_default() == []
    publish(mirrored)
    standings_recompute(tournament_id=mirrored.pk)
    page = client.get(reverse("tournaments:standings", args=[mirrored.pk])).content.decode()
    api = client.get(f"/api/tournaments/{mirrored.pk}/standings/").json()
    assert "Ranked by total table points, then total contest points (3.10.1)" in page
    assert "regulation" not in page and api["tiebreaks"] == [] and len(api["notes"]) == 1
    assert by_entry(api["individuals"])[1]["rank"] == by_entry(api["individuals"])[5]["rank"] == 1

    core_services.tournament_update(actor=organizer, tournament=mirrored, tiebreaks=["best_session", "firsts"])
    standings_recompute(tournament_id=mirrored.pk)
    expected = "Ties after TP and CP broken by the organizer&#x27;s regulation: Best session score, Most first places."
    page = client.get(reverse("tournaments:standings", args=[mirrored.pk])).content.decode()
    assert expected in page
    api = client.get(f"/api/tournaments/{mirrored.pk}/standings/").json()
    assert api["tiebreaks"] == ["best_session", "firsts"]
    assert api["notes"][1] == expected.replace("&#x27;", "'")
    csv_text = client.get(reverse("tournaments:results_csv", args=[mirrored.pk])).content.decode("utf-8-sig")
    assert expected.replace("&#x27;", "'") in csv_text
    # Entries 1 and 5 are still equal on every tie-break: they still share.
    rows = by_entry(api["individuals"])
    assert rows[1]["rank"] == rows[5]["rank"] == 1


def test_ranking_notes_in_chinese_and_japanese():
    from django.utils import translation

    data = {"tiebreaks": ["firsts"], "final_stage": None}
    with translation.override("zh-hans"):
        notes = ranking_notes(data)
        assert "3.10.1" in notes[0] and "Ties" not in notes[1]
    with translation.override("ja"):
        assert "Ties" not in ranking_notes(data)[1]


@pytest.mark.django_db
def test_3_5_3_groups_are_managed_by_the_organizer_with_clear_refusals(organizer, tournament, registrations, outsider):
    group = core_services.group_create(actor=organizer, tournament=tournament, name="  Tokyo   Club ")
    assert group.name == "Tokyo Club"
    with pytest.raises(ValidationError, match="already has a group"):
        core_services.group_create(actor=organizer, tournament=tournament, name="Tokyo Club")
    with pytest.raises(ValidationError, match="at most 200"):
        core_services.group_create(actor=organizer, tournament=tournament, name="x" * 201)
    with pytest.raises(ValidationError, match="name"):
        core_services.group_create(actor=organizer, tournament=tournament, name="  ")
    with pytest.raises(ValidationError, match="not registered"):
        core_services.group_members_add(actor=organizer, group=group, entries=[1, 99])
    assert not tournament.registrations.filter(group=group).exists()  # nothing half-saved
    core_services.group_members_add(actor=organizer, group=group, entries=[1, 2])
    other = Tournament.objects.exclude(pk=tournament.pk).get()
    foreign = Group.objects.create(tournament=other, name="Elsewhere")
    with pytest.raises(ValidationError, match="another tournament"):
        core_services.registration_group_set(actor=organizer, registration=registrations[0], group=foreign)
    core_services.group_rename(actor=organizer, group=group, name="Kanto")
    group.refresh_from_db()
    assert group.name == "Kanto"
    core_services.group_delete(actor=organizer, group=group)
    assert tournament.registrations.filter(group__isnull=False).count() == 0
    assert tournament.registrations.count() == 12


@pytest.mark.django_db
def test_3_5_3_group_pages_and_registration_form(client_for, organizer, tournament, registrations, outsider):
    client = client_for(organizer)
    url = reverse("tournaments:groups", args=[tournament.pk])
    assert client.post(url, {"name": "Osaka"}).status_code == 302
    group = tournament.groups.get()
    client.post(reverse("tournaments:group_change", args=[group.pk, "add"]), {"entries": "3, 4"})
    assert sorted(group.members.values_list("entry_number", flat=True)) == [3, 4]
    page = client.get(url).content.decode()
    assert "Osaka" in page and ">3" in page
    add = reverse("tournaments:group_change", args=[group.pk, "add"])
    response = client.post(add, {"entries": "3, x"}, follow=True)
    assert "Give entry numbers" in response.content.decode()
    client.post(reverse("tournaments:group_change", args=[group.pk, "remove"]), {"entry": "3"})
    assert list(group.members.values_list("entry_number", flat=True)) == [4]
    # The registration form sets the group too.
    edit = reverse("tournaments:registration_edit", args=[registrations[0].pk])
    client.post(edit, {"name": "Player 1", "country": "CN", "group": group.pk})
    registrations[0].refresh_from_db()
    assert registrations[0].group == group
    assert client.get(reverse("tournaments:registrations", args=[tournament.pk])).content.decode().count("Osaka") == 2
    # Outsiders see nothing.
    assert client_for(outsider).get(url).status_code == 404
    assert client_for(outsider).post(reverse("tournaments:group_change", args=[group.pk, "delete"])).status_code == 404
    assert Group.objects.filter(pk=group.pk).exists()


@pytest.mark.django_db
def test_3_5_3_a_group_name_is_unique_in_its_tournament_in_the_database(tournament):
    from django.db import IntegrityError, transaction

    Group.objects.create(tournament=tournament, name="Same")
    with pytest.raises(IntegrityError), transaction.atomic():
        Group.objects.create(tournament=tournament, name="Same")


@pytest.mark.django_db
@pytest.mark.postgres
def test_3_5_3_a_registrations_group_is_of_its_own_tournament_in_the_database(tournament, registrations, outsider):
    from django.db import IntegrityError, connection, transaction

    other = Tournament.objects.exclude(pk=tournament.pk).get()
    foreign = Group.objects.create(tournament=other, name="Elsewhere")
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.filter(pk=registrations[0].pk).update(group=foreign)
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert Team.objects.filter(tournament=tournament).exists()
