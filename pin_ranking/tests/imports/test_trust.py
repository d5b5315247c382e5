"""A results file from anywhere, trusted only as far as it deserves (Appendix 9, 4.1, 4.4, 5.1.1; 3.9.2, 3.10.1):
the same results never count twice; what no competition can produce is refused, located; players the register
does not know, and names written another way, wait for the committee's review; delegation has its bounds."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsFileInvalid,
    ResultsNeedReview,
    results_file_import,
    results_import_confirm,
)
from pin_ranking.models import Committee, CommitteeSeat, Competition, CompetitionResult, PinRegister, ResultsImport
from pin_ranking.register.services import competition_unregister, level_of
from testing.fixtures import make_user
from tournaments.models import AuditEvent, Player

# 40 players, 6 sessions: class C at the regional level (5.3.1), every player listed.
EVENT = ExternalCompetition(name="Lyon Open", level="regional", starts_on=dt.date(2026, 4, 4),
                            ends_on=dt.date(2026, 4, 5), sessions=6, players=40, chief_referee="Paul Roux",
                            country="FR")


def full_file(*, rows=40, first=("FR-1", "Ana Roux", "24", "300"), reverse=False) -> bytes:
    """Every player of a 10-table, 6-session competition: table points 7 a table each session in all."""
    lines = ["federation_id,name,country,rank,table_points,contest_points", ",".join(
        [first[0], first[1], "FR", "1", first[2], first[3]])]
    # 39 more players sharing 42 x 10 / ... table points: the total stays at most 7 x 10 x 6 = 420.
    for n in range(2, rows + 1):
        tp = 10 if n <= 30 else 6
        rank = n if not reverse else rows + 2 - n
        lines.append(f"FR-{n},Player {n},FR,{rank},{tp},{100 - n}")
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def players(db):
    for n in range(1, 41):
        Player.objects.create(name="Ana Roux" if n == 1 else f"Player {n}", federation_id=f"FR-{n}", country="FR")


def imported(actor, content=None, **changes):
    return results_file_import(actor=actor, filename="lyon.csv", content=content or full_file(),
                               competition=ExternalCompetition(**{**EVENT.__dict__, **changes}))


def codes(error) -> set:
    return {(p.row, p.column, p.code) for p in error.value.problems}


def test_a_clean_file_imports_and_its_certificates_say_signed_on_paper(players, committee_member):
    competition = imported(committee_member)
    assert (competition.klass, competition.players, competition.country) == ("C", 40, "FR")
    certificate = CompetitionResult.objects.get(federation_id="FR-1").certificate
    assert certificate.on_paper and certificate.signer_name == "Paul Roux"
    assert certificate.entered_by == committee_member and certificate.signed_by is None


def test_4_1_the_same_file_renamed_is_refused_naming_the_earlier_import(players, committee_member):
    imported(committee_member)
    with pytest.raises(ValidationError, match="already registered as “Lyon Open”.*lyon.csv"):
        results_file_import(actor=committee_member, filename="copy-of-results.csv", content=full_file(),
                            competition=ExternalCompetition(**{**EVENT.__dict__, "name": "Lyon Open (copy)"}))
    assert Competition.objects.count() == 1


def test_4_1_the_same_competition_name_and_day_from_another_file_is_refused(players, committee_member):
    imported(committee_member)
    other = full_file(first=("FR-1", "Ana Roux", "22", "310"))
    with pytest.raises(ValidationError, match="never count twice"):
        imported(committee_member, other, name="lyon open")
    competition = Competition.objects.get()
    competition_unregister(actor=committee_member, competition=competition, reason="wrong file")
    assert imported(committee_member, other).pk != competition.pk  # once unregistered, the corrected file counts


def test_3_9_2_more_than_4_table_points_a_session_is_refused(players, committee_member):
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, full_file(first=("FR-1", "Ana Roux", "25", "300")))
    assert codes(error) == {(2, "table_points", "too_many_table_points")}
    assert "at most 4 a session, 24 in all" in " ".join(error.value.messages)
    assert not Competition.objects.exists() and ResultsImport.objects.get().status == "failed"


def test_3_9_2_a_total_above_7_a_table_each_session_is_refused(players, committee_member):
    lines = full_file().decode().replace(",6,", ",12,")  # players 31-40 now hold 12 each
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, lines.encode())
    assert (0, "table_points", "table_points_total") in codes(error)


def test_3_10_1_reversed_ranks_are_refused_row_by_row(players, committee_member):
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, full_file(reverse=True))
    assert all(code == "rank_order" for _row, _column, code in codes(error)) and len(codes(error)) > 30


def test_3_10_1_everyone_ranked_first_is_refused(players, committee_member):
    lines = full_file().decode().splitlines()
    everyone_first = [lines[0]] + [",".join(line.split(",")[:3] + ["1"] + line.split(",")[4:]) for line in lines[1:]]
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, ("\n".join(everyone_first) + "\n").encode())
    assert {code for *_where, code in codes(error)} == {"rank_order"}


def test_equal_points_may_be_ranked_apart_by_the_competitions_rules(players, committee_member):
    """按竞赛规定: among equal table and contest points the competition's own tie-break may order players."""
    text = full_file().decode().replace("FR-3,Player 3,FR,3,10,97", "FR-3,Player 3,FR,3,10,98")
    assert imported(committee_member, text.encode()).klass == "C"


def test_more_rows_than_players_stated_is_refused(players, committee_member):
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, players=39)
    assert (0, "players", "more_rows_than_players") in codes(error)


def test_5_1_1_a_class_resting_on_a_typed_player_count_asks_for_the_results_sheet(players, committee_member):
    five = "\n".join(full_file().decode().splitlines()[:6]) + "\n"
    world = {"level": "world", "players": 100, "sessions": 8, "missing_rows_reason": "The top five only"}
    with pytest.raises(ValidationError, match="rests on 100 players, but the file lists 5"):
        imported(committee_member, five.encode(), **world)
    from django.core.files.uploadedfile import SimpleUploadedFile

    sheet = SimpleUploadedFile("sheet.pdf", b"%PDF-1.4 sheet", content_type="application/pdf")
    competition = results_file_import(actor=committee_member, filename="five.csv", content=five.encode(),
                                      competition=ExternalCompetition(**{**EVENT.__dict__, **world}),
                                      results_sheet=sheet)
    assert competition.klass == "A" and ResultsImport.objects.get(competition=competition).results_sheet


def test_unknown_players_wait_for_review_and_are_created_on_confirmation(players, committee_member):
    Player.objects.filter(federation_id__in=["FR-39", "FR-40"]).delete()
    Player.objects.filter(federation_id="FR-2").update(name="Deux Joueur")
    with pytest.raises(ResultsNeedReview) as review:
        imported(committee_member)
    record = review.value.record
    assert record.status == "review" and not Competition.objects.exists()
    assert [u["federation_id"] for u in record.unknown_players] == ["FR-39", "FR-40"]
    assert record.other_names == [{"row": 3, "federation_id": "FR-2", "name": "Player 2", "stored": "Deux Joueur"}]
    with pytest.raises(ValidationError, match="Say why the names differ"):
        results_import_confirm(actor=committee_member, import_id=record.pk, create_players=True)
    competition = results_import_confirm(actor=committee_member, import_id=record.pk, create_players=True,
                                         names_reason="word order in the French register")
    created = Player.objects.get(federation_id="FR-40")
    assert (created.name, created.country) == ("Player 40", "FR")
    assert CompetitionResult.objects.filter(competition=competition).count() == 40
    record.refresh_from_db()
    assert record.status == "done" and record.competition == competition and record.content is None
    assert AuditEvent.objects.filter(action="pin.results_imported", detail__created=2).exists()


@pytest.fixture
def french_member(db):
    user = make_user("frmember")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="FR", kind="member", country="FR"),
                                 user=user)
    return user


def test_4_4_a_member_organization_imports_nothing_unless_the_world_body_delegates(players, french_member):
    with pytest.raises(ValidationError, match="registered by the world body"):
        imported(french_member)
    PinRegister.objects.update_or_create(pk=1, defaults={"delegate_to_members": True})
    assert imported(french_member).country == "FR"


def test_4_4_a_delegated_member_imports_its_own_country_below_class_a_only(players, french_member):
    PinRegister.objects.update_or_create(pk=1, defaults={"delegate_to_members": True})
    with pytest.raises(ValidationError, match="its own country only"):
        imported(french_member, country="ES")
    big = "\n".join(full_file().decode().splitlines()[:6]) + "\n"
    from django.core.files.uploadedfile import SimpleUploadedFile

    with pytest.raises(ValidationError, match="Class A competitions are registered by the world body"):
        results_file_import(actor=french_member, filename="w.csv", content=big.encode(),
                            competition=ExternalCompetition(**{**EVENT.__dict__, "level": "world", "players": 100,
                                                                "missing_rows_reason": "The top five only",
                                                               "sessions": 8}),
                            results_sheet=SimpleUploadedFile("s.pdf", b"%PDF-1.4", content_type="application/pdf"))
    assert not Competition.objects.exists()


def test_5_2_2_bilateral_and_multinational_are_the_international_level():
    assert level_of("bilateral") == level_of("multinational") == level_of("international")
    with pytest.raises(ValidationError, match="bilateral"):
        level_of("galactic")


def test_the_command_imports_the_same_as_the_page_and_exits_1_on_refusal(players, tmp_path):
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    path = tmp_path / "lyon.csv"
    path.write_bytes(full_file(first=("FR-1", "Ana Roux", "25", "300")))
    args = [str(path), "--name", "Lyon Open", "--level", "regional", "--sessions", "6", "--date", "2026-04-04",
            "--chief-referee", "Paul Roux", "--players", "40"]
    err = io.StringIO()
    with pytest.raises(CommandError, match="Nothing imported: 1 problem"):
        call_command("pin_import_results", *args, stderr=err)
    assert "row 2, table_points: 25 table points over 6 sessions" in err.getvalue()
    path.write_bytes(full_file())
    Player.objects.filter(federation_id="FR-40").delete()
    with pytest.raises(CommandError, match="confirm with --create-players"):
        call_command("pin_import_results", *args, stderr=io.StringIO())
    out = io.StringIO()
    call_command("pin_import_results", *args, "--create-players", stdout=out)
    assert "class C, 40 player(s), 6 session(s)" in out.getvalue()
    assert Competition.objects.get().registered_by is None
    with pytest.raises(CommandError, match="already registered"):
        call_command("pin_import_results", *args, stderr=io.StringIO())
    with pytest.raises(CommandError, match="not a date"):
        call_command("pin_import_results", *[("04/04/2026" if a == "2026-04-04" else a) for a in args])


def test_7_2_the_public_verification_says_signed_on_paper_and_who_entered_it(players, committee_member, client):
    imported(committee_member)
    certificate = CompetitionResult.objects.get(federation_id="FR-1").certificate
    page = client.get("/pin/verify/", {"code": certificate.code}).content.decode()
    assert "Signed on paper by Paul Roux; entered by pincommittee on" in page
    assert "Signed by the chief referee" not in page and "FR-1" not in page  # no federation ID in public


def test_a_federation_id_carries_its_issuer(players, committee_member):
    """Two federations' "1001" are two people; an ID stored with its issuer is found by issuer and number."""
    Player.objects.filter(federation_id="FR-2").update(federation_id="EMA:04160002")
    text = full_file().decode().replace("federation_id,name,", "issuer,federation_id,name,")
    lines = text.splitlines()
    rows = [lines[0]] + ["," + line for line in lines[1:]]
    rows[2] = "ema,04160002,Player 2,FR,2,10,98"  # found by issuer and number
    rows[3] = "CMA,1001,Player 3,FR,3,10,97"
    rows[4] = "JPML,1001,Player 4,FR,4,10,96"
    content = ("\n".join(rows) + "\n").encode()
    with pytest.raises(ResultsNeedReview) as review:
        imported(committee_member, content)
    unknown = {u["federation_id"] for u in review.value.record.unknown_players}
    assert unknown == {"CMA:1001", "JPML:1001"}
    results_import_confirm(actor=committee_member, import_id=review.value.record.pk, create_players=True)
    assert Player.objects.get(federation_id="JPML:1001").federation_issuer == "JPML"
    assert CompetitionResult.objects.get(federation_id="EMA:04160002").player.name == "Player 2"
    rows[5] = "not an issuer!,9,Player 5,FR,5,10,95"
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, ("\n".join(rows) + "\n").encode(), name="Lyon Open 2")
    assert (6, "issuer", "not_an_issuer") in codes(error)


def test_a_review_is_read_by_its_importer_and_the_world_body_only(players, committee_member, french_member, client):
    from django.urls import reverse

    PinRegister.objects.update_or_create(pk=1, defaults={"delegate_to_members": True})
    Player.objects.filter(federation_id="FR-40").delete()
    with pytest.raises(ResultsNeedReview) as review:
        imported(french_member)
    url = reverse("pin_ranking:import_review", args=[review.value.record.pk])
    other = make_user("jpmember")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="JP", kind="member", country="JP"),
                                 user=other)
    for user, status in ((french_member, 200), (committee_member, 200), (other, 404)):
        client.force_login(user)
        assert client.get(url).status_code == status


def test_3_5_4_a_competition_ranked_by_a_final_is_said_at_import(players, committee_member):
    """A finalist ranked 4th with fewer table points than the 5th: refused unless the import says the
    competition ranked a final's players first."""
    text = full_file().decode().replace("FR-5,Player 5,FR,5,10,95", "FR-5,Player 5,FR,5,12,95")
    with pytest.raises(ResultsFileInvalid) as error:
        imported(committee_member, text.encode())
    assert {code for *_where, code in codes(error)} == {"rank_order"}
    assert imported(committee_member, text.encode(), ranked_by_final=True).klass == "C"


def test_a_review_confirmed_after_the_register_changed_is_refused(players, committee_member):
    Player.objects.filter(federation_id="FR-40").delete()
    with pytest.raises(ResultsNeedReview) as review:
        imported(committee_member)
    Player.objects.create(name="Anne Rousseau", federation_id="FR-40", country="FR")  # meanwhile, another name
    with pytest.raises(ValidationError, match="changed since this file was reviewed"):
        results_import_confirm(actor=committee_member, import_id=review.value.record.pk, create_players=True)
    assert ResultsImport.objects.filter(status="review").count() == 1 and not Competition.objects.exists()


def test_a_merged_records_id_finds_the_kept_record(players, committee_member):
    from pin_ranking.people.services import player_merge

    kept = Player.objects.create(name="Ana Roux", federation_id="EMA:77", country="FR")
    merged = Player.objects.get(federation_id="FR-1")
    player_merge(actor=committee_member, kept_id=kept.pk, merged_id=merged.pk, reason="two IDs, one person")
    imported(committee_member)
    assert CompetitionResult.objects.get(federation_id="FR-1").player == kept


def test_qualified_ids_in_any_case():
    from tournaments.models.core import qualified_federation_id

    assert qualified_federation_id("ema", "ema:1") == qualified_federation_id("EMA", "1") == "EMA:1"
    assert qualified_federation_id("", "1001") == "1001"
