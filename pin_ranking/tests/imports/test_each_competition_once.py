"""Each competition counts once, whatever file it comes in (Appendix 9, 4.1 "历次正式竞赛"; pin_ranking.register.
sameness), and the plausibility of a results file: ranks a competition ranking (3.10.1), the table points of the
rows given, dates, one row per person. The findings of the second Pin audit (N1, N3–N6, N10, N13)."""

import datetime as dt
import io
import random

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsFileInvalid,
    ResultsNeedReview,
    results_file_import,
    results_import_confirm,
)
from pin_ranking.models import Competition, CompetitionResult
from pin_ranking.people.services import player_merge, player_merge_undo
from pin_ranking.register.services import competition_register
from pin_ranking.testing import finished_tournament
from tournaments.models import AuditEvent, Player

HEADER = ["federation_id", "name", "country", "rank", "table_points", "contest_points"]
# 40 players, 6 sessions: class C at the regional level; 7 a table each session is 420 table points in all.
EVENT = ExternalCompetition(name="Nordic Open 2026", level="regional", starts_on=dt.date(2026, 6, 6),
                            ends_on=dt.date(2026, 6, 7), sessions=6, chief_referee="Ola Nordmann", country="NO")


def table(ranks=None) -> list[list[str]]:
    """Every player: table points 10 for the first 30, 6 for the rest (396 in all), contest points falling."""
    rows = []
    for n in range(1, 41):
        rank = ranks[n - 1] if ranks else n
        rows.append([f"NO-{n}", f"Player {n}", "NO", str(rank), "10" if n <= 30 else "6", str(100 - n)])
    return rows


def csv(rows, *, header=HEADER, bom=False, crlf=False) -> bytes:
    text = ("\r\n" if crlf else "\n").join(",".join(row) for row in [header, *rows]) + "\n"
    return (("\ufeff" if bom else "") + text).encode()


def xlsx(rows) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    # Another column order too.
    order = [1, 0, 3, 2, 5, 4]
    sheet.append([HEADER[i] for i in order])
    for row in rows:
        sheet.append([row[i] for i in order])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def imported(actor, content, filename="nordic.csv", **changes):
    return results_file_import(actor=actor, filename=filename, content=content,
                               competition=ExternalCompetition(**{**EVENT.__dict__, **changes}))


@pytest.fixture
def nordic(db):
    Player.objects.bulk_create(Player(name=f"Player {n}", federation_id=f"NO-{n}", country="NO")
                               for n in range(1, 41))


def problem_codes(caught) -> list:
    return [(p.row, p.column, p.code) for p in caught.value.problems]


def test_4_1_the_same_rows_in_any_file_under_any_name_count_once(nordic, committee_member):
    """The audit's Nordic Open counted four times (Pin 8 became Pin 4): shuffled, BOM + CRLF, XLSX with its
    columns reordered, another name and a day later. Each is refused, naming the competition registered."""
    first = imported(committee_member, csv(table()))
    shuffled = table()
    random.Random(4).shuffle(shuffled)
    for content, filename, changes in (
        (csv(shuffled), "shuffled.csv", {"name": "Nordic Open"}),
        (csv(table(), bom=True, crlf=True), "final.csv", {"name": "Nordic Open 2026 (final)"}),
        (xlsx(shuffled), "results.xlsx", {"name": "NORDIC OPEN 2026 – results", "starts_on": dt.date(2026, 6, 7)}),
    ):
        with pytest.raises(ValidationError, match="already registered as “Nordic Open 2026”"):
            imported(committee_member, content, filename, **changes)
    assert Competition.objects.filter(unregistered_at__isnull=True).count() == 1
    assert CompetitionResult.objects.filter(player__federation_id="NO-1").count() == 1
    assert first.digest and len(first.digest) == 64


def test_4_1_near_results_wait_for_a_reason_and_the_reason_is_audited(nordic, committee_member):
    imported(committee_member, csv(table()))
    corrected = table()
    for row in corrected[-8:]:  # 32 of 40 rows the same: a corrected export of the same event
        row[5] = str(int(row[5]) - 1)
    with pytest.raises(ResultsNeedReview) as review:
        imported(committee_member, csv(corrected), name="Nordic Cup", starts_on=dt.date(2026, 6, 20),
                 ends_on=dt.date(2026, 6, 20))
    record = review.value.record
    assert [(n["name"], n["shared"], n["rows"]) for n in record.near_duplicates] == [("Nordic Open 2026", 32, 40)]
    with pytest.raises(ValidationError, match="each competition counts once"):
        results_import_confirm(actor=committee_member, import_id=record.pk, create_players=False)
    competition = results_import_confirm(actor=committee_member, import_id=record.pk, create_players=False,
                                         duplicate_reason="Another event: the cup played a week later")
    event = AuditEvent.objects.get(action="pin.results_imported", object_id=str(competition.pk))
    assert event.detail["duplicate_reason"] == "Another event: the cup played a week later"
    assert event.detail["near"] == [record.near_duplicates[0]["competition"]]


def test_4_1_a_tournament_registered_here_and_its_results_file_are_one_competition(committee_member):
    rows = [{"fid": f"NO-{n}", "name": f"Player {n}", "tp": (10 if n <= 30 else 6) * 12, "cp": 100 - n}
            for n in range(1, 41)]
    tournament = finished_tournament(name="Nordic Open 2026", rows=rows, sessions=6, starts_on=dt.date(2026, 6, 6))
    registered = competition_register(actor=committee_member, tournament=tournament, level="regional")
    exported = [[r.federation_id, r.name, "NO", str(r.rank), str(r.table_points // 12), str(r.contest_points)]
                for r in registered.results.order_by("-rank")]
    with pytest.raises(ValidationError, match="already registered as “Nordic Open 2026”"):
        imported(committee_member, csv(exported), "ranking-report.csv", name="Nordic Open (report)")
    # And the other way round: the file first, then the tournament.
    registered.unregistered_at = dt.datetime(2026, 7, 1, tzinfo=dt.UTC)
    registered.save()
    imported(committee_member, csv(exported), "ranking-report.csv", name="Nordic Open (report)")
    with pytest.raises(ValidationError, match="already registered as “Nordic Open \\(report\\)”"):
        competition_register(actor=committee_member, tournament=tournament, level="regional")


@pytest.mark.parametrize("ranks, row, message", [
    ([1, 2, 3, 4, 5, 5, 5, 6] + list(range(9, 41)), 9, "so the next rank is 8"),  # 5,5,5 then 6
    ([1, 3, 4] + list(range(5, 42)), 3, "so the next rank is 2"),  # rank 2 missing
    (list(range(1, 40)) + [400], 41, "so the next rank is 40"),  # rank 400 of 40 players
])
def test_3_10_1_ranks_are_a_competition_ranking_the_first_wrong_row_named(nordic, committee_member, ranks, row,
                                                                           message):
    rows = table(ranks)
    for tied in rows:  # players who share a rank have equal points (else the ranks would not follow them)
        if ranks.count(int(tied[3])) > 1:
            tied[4], tied[5] = "10", "94"
    with pytest.raises(ResultsFileInvalid) as caught:
        imported(committee_member, csv(rows))
    assert [(r, c, code) for r, c, code in problem_codes(caught) if code == "rank_sequence"] == [
        (row, "rank", "rank_sequence")]
    assert message in " ".join(caught.value.messages)


def test_3_10_1_a_shared_rank_skips_the_places_it_takes(nordic, committee_member):
    ranks = [1, 2, 3, 4, 5, 5, 5, 8] + list(range(9, 41))
    rows = table(ranks)
    for tied in rows[4:7]:
        tied[4], tied[5] = "10", "94"
    assert imported(committee_member, csv(rows)).results.filter(rank=5).count() == 3


def test_5_1_1_the_table_points_of_the_rows_given_are_bounded_whatever_count_is_typed(nordic, committee_member):
    """40 rows at 25 over 10 sessions (1,000; 7 x 10 tables x 10 = 700 at most) passed with players=41."""
    rows = table()
    for row in rows:
        row[4] = "25"
    with pytest.raises(ResultsFileInvalid) as caught:
        imported(committee_member, csv(rows), sessions=10, players=41, missing_rows_reason="one walk-in")
    assert (0, "table_points", "table_points_total") in problem_codes(caught)
    # A stated count above the rows needs the missing rows or a reason.
    with pytest.raises(ValidationError, match="say why they are not in the file"):
        imported(committee_member, csv(table()), players=44)
    competition = imported(committee_member, csv(table()), players=44, missing_rows_reason="Four walk-ins, no ID")
    assert AuditEvent.objects.get(action="pin.results_imported").detail["missing_rows_reason"] == (
        "Four walk-ins, no ID")
    assert competition.players == 44


@pytest.mark.parametrize("starts_on, ends_on, message", [
    (dt.date(2099, 6, 6), dt.date(2099, 6, 7), "in the future"),
    (dt.date(2023, 6, 6), dt.date(2026, 6, 7), "no competition lasts more than 31 days"),
])
def test_4_4_impossible_dates_are_refused(nordic, committee_member, starts_on, ends_on, message):
    with pytest.raises(ValidationError, match=message):
        imported(committee_member, csv(table()), starts_on=starts_on, ends_on=ends_on)
    assert not Competition.objects.exists()


def test_4_1_one_person_twice_in_a_file_is_refused(nordic, committee_member):
    rows = table()
    rows[4][0] = "XFED:NO-1"  # NO-1 on row 2 with no issuer, and again with one on row 6
    with pytest.raises(ResultsFileInvalid) as caught:
        imported(committee_member, csv(rows))
    assert (6, "federation_id", "same_person") in problem_codes(caught)
    assert "the player of row 2 again" in " ".join(caught.value.messages)


def test_7_4_undoing_a_merge_gives_back_what_came_in_meanwhile(nordic, committee_member):
    """A file imported during the merge with the merged record's ID landed on the kept record and stayed there."""
    kept, merged = Player.objects.get(federation_id="NO-1"), Player.objects.create(
        name="Player 1", federation_id="EMA:0416", country="NO")
    merge = player_merge(actor=committee_member, kept_id=kept.pk, merged_id=merged.pk, reason="the same person")
    rows = table()
    rows[0][0] = "EMA:0416"
    competition = imported(committee_member, csv(rows))
    assert competition.results.get(federation_id="EMA:0416").player == kept
    player_merge_undo(actor=committee_member, merge_id=merge.pk)
    assert competition.results.get(federation_id="EMA:0416").player == merged
    assert AuditEvent.objects.get(action="pin.players_merge_undone").detail["results_since"] == [
        competition.results.get(federation_id="EMA:0416").pk]


def test_pin_register_takes_the_level_words_the_page_takes(committee_member):
    rows = [{"fid": f"BI-{n}", "name": f"Player {n}", "tp": 12, "cp": 0} for n in range(1, 41)]
    tournament = finished_tournament(name="Franco-German Match", rows=rows, sessions=6)
    out = io.StringIO()
    call_command("pin_register", str(tournament.pk), "--level", "bilateral", stdout=out)
    assert "at level bilateral" in out.getvalue()
    assert Competition.objects.get(tournament=tournament).level == "international"
