"""Appendix 5, the score sheet (麻将竞赛成绩记录表): printed blank and filled, and on screen.

The PDFs are read back with pypdf: what a referee holds in their hand is what is checked.
"""

import io
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from testing.documents import document_get
from testing.fixtures import make_user
from testing.scenarios import STRAIGHT, objection_made_before_signing, sign_all, win
from tournaments import extensions
from tournaments.errors import Conflict
from tournaments.extensions import SeatAdjustment
from tournaments.models import SHEET_REMARKS_MAX_LENGTH, AuditEvent, Membership, ScoreSheet
from tournaments.sessions import services as session_services
from tournaments.sheets import paper
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

HANDS = [win(2, 0, STRAIGHT), win(1, None, STRAIGHT), {"result": "draw"}, win(3, 1)]


def record(sheet, actor, hands=HANDS):
    for number, hand in enumerate(hands, start=1):
        sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand))
    sheet.refresh_from_db()
    return sheet


def pdf_pages(response) -> list[str]:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.getvalue())).pages]


def flat(text: str) -> str:
    """The text with its line breaks (where the PDF wraps a sentence) as single spaces."""
    return " ".join(text.split())


def expected_hand_lines(sheet) -> list[str]:
    """Each recorded hand's line as printed: number, then each seat's result and running total, then Σ."""
    lines, running = [], [0, 0, 0, 0]
    for hand in sheet.hands.order_by("number"):
        running = [total + delta for total, delta in zip(running, hand.deltas)]
        cells = " ".join(f"{delta} {total}" for delta, total in zip(hand.deltas, running))
        lines.append(f"{hand.number} {cells} {sum(hand.deltas)} {sum(running)}")
    return lines


# --- Appendix 4 on the sheet: 每圈座位 ------------------------------------------------------------


def test_appendix_4_seat_in_each_round_as_appendix_5_prints_it():
    # Appendix 5: 东.南.北.西 / 南.东.西.北 / 西.北.东.南 / 北.西.南.东 (0-3 = East, South, West, North).
    assert [paper.seats_per_round(seat) for seat in range(4)] == [
        [0, 1, 3, 2],
        [1, 0, 2, 3],
        [2, 3, 0, 1],
        [3, 2, 1, 0],
    ]
    assert [paper.round_seats_label(seat) for seat in range(4)] == ["E.S.N.W", "S.E.W.N", "W.N.E.S", "N.W.S.E"]
    with translation.override("zh-hans"):
        assert [paper.round_seats_label(seat) for seat in range(4)] == [
            "东.南.北.西",
            "南.东.西.北",
            "西.北.东.南",
            "北.西.南.东",
        ]
    with translation.override("ja"):
        assert paper.round_seats_label(0) == "東.南.北.西"


# --- the filled sheet ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_appendix_5_filled_pdf_prints_each_hand_with_running_totals_zero_sums_and_signatures(
    client_for, referee, sheet, pins
):
    record(sheet, referee)
    sheet_services.sheet_remarks_set(
        actor=referee, sheet=sheet, remarks="Entry 3 asked for a ruling at hand 2.", expected_version=sheet.version
    )
    sign_all(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    text, hands_page = pdf_pages(client_for(referee).get(f"/t/sheets/{sheet.pk}/sheet.pdf"))
    lines = text.splitlines()
    assert "Mahjong competition score sheet" in lines
    # The wins follow on a page of their own, tiles as faces (vector: no text but the captions).
    assert "Session 1 · Table 1 · Hands recorded" in hands_page and "self-drawn" in hands_page
    date = sheet.session.started_at.date().isoformat()
    assert f"Session 1 Table 1 Date {date}" in lines
    # Entry numbers and names of the four starting seats, their starting seats and seats per round.
    assert "number 1 2 3 4" in text and "name Player 1 Player 2 Player 3 Player 4" in text
    assert "East South West North" in text and "E.S.N.W S.E.W.N W.N.E.S N.W.S.E" in text
    assert "Hand Score Total Score Total Score Total Score Total Σ Σ" in lines
    # Hands 1-4 with each player's result and running total; the Σ of each hand and of the totals is 0.
    hand_lines = expected_hand_lines(sheet)
    assert hand_lines[0] == "1 -31 -31 -8 -8 47 47 -8 -8 0 0"
    assert hand_lines[-1] == "4 -8 -72 -16 75 -8 6 32 -9 0 0"
    for line in hand_lines:
        assert line in lines, line
    # Rows 5-16 are printed empty.
    assert [line for line in lines if re.fullmatch(r"\d+", line)] == [str(n) for n in range(5, 17)]
    assert "Entry 3 asked for a ruling at hand 2." in lines
    assert "points -72 75 6 -9 0" in text  # 比赛分 and their Σ
    assert "points 0 4 2 1 7" in text  # 标准分 4-2-1-0 (3.9.2.2) and their Σ
    assert text.count("Signed electronically at") == 5  # the four players and the referee
    for n in range(1, 5):
        assert f"by Player {n}" in text
    assert re.search(r"Signature of the referee: Signed electronically at \S+\s+\S+ by referee", text)
    assert "Signature of the chief referee:" in text
    assert "Signature of the chief referee: Signed" not in text  # the line is left to sign by hand
    assert "the plus and minus points cancel out to “0”." in flat(text)
    assert "Zero-sum check: every hand and the running totals add up to 0." in flat(text)
    assert "Not signed yet" not in text


@pytest.mark.django_db
def test_appendix_5_filled_pdf_in_chinese_and_japanese_uses_the_forms_words(client_for, chief_referee, referee, sheet):
    record(sheet, referee, HANDS[:2])
    chinese = pdf_pages(
        client_for(chief_referee).get(f"/t/sheets/{sheet.pk}/sheet.pdf", HTTP_ACCEPT_LANGUAGE="zh-hans")
    )
    text, hands_page = chinese
    assert "第 1 局 · 第 1 桌" in hands_page and "自摸" in hands_page  # the wins, tiles as faces
    for words in (
        "麻将竞赛成绩记录表",
        "附件五",
        "选手编号",
        "选手姓名",
        "开局座位",
        "每圈座位",
        "牌序",
        "得失分",
        "累计",
        "备注",
        "比赛分",
        "标准分",
        "选手签名",
        "裁判员签名",
        "裁判长签名",
        "东.南.北.西 南.东.西.北 西.北.东.南 北.西.南.东",
    ):
        assert words in text, words
    assert "说明：认真记录仔细核对——正分负分相抵为“0”。" in text
    assert "尚未签字" in text  # not signed yet: the figures are not final
    for line in expected_hand_lines(sheet):
        assert line in text.splitlines(), line
    japanese = pdf_pages(client_for(chief_referee).get(f"/t/sheets/{sheet.pk}/sheet.pdf", HTTP_ACCEPT_LANGUAGE="ja"))[0]
    for words in (
        "麻雀競技成績記録表",
        "付録５",
        "プレーヤー番号",
        "毎場の場所",
        "得失点",
        "合計",
        "素点",
        "標準点",
        "審判員サイン",
        "審判長サイン",
        "東.南.北.西",
        "プラス・マイナス相殺して「0」にする。",
    ):
        assert words in japanese, words


@pytest.mark.django_db
def test_appendix_5_contest_points_with_a_deduction_do_not_add_up_to_zero_and_the_sheet_says_why(
    client_for, referee, sheet, pins, swap_seam
):
    record(sheet, referee)
    # A penalty of 3.11.2.2: 10 points deducted from South, given to nobody; 5 paid by West to North.
    deduction = {
        sheet.pk: {1: SeatAdjustment(deductions=10), 2: SeatAdjustment(transfers=-5), 3: SeatAdjustment(transfers=5)}
    }
    swap_seam(extensions.seams.sheet_adjustments, lambda ids: {k: v for k, v in deduction.items() if k in ids})
    text = pdf_pages(client_for(referee).get(f"/t/sheets/{sheet.pk}/sheet.pdf"))[0]
    assert "points -72 65 1 -4 -10" in text  # 75 - 10, 6 - 5, -9 + 5; Σ -10
    assert "Deducted 10" in text and "Penalty points -5" in text and "Penalty points +5" in text
    assert "The contest points add up to −10: points deducted are given to nobody (3.11.2.2)." in flat(text)
    # The hands themselves still cancel out.
    assert "Zero-sum check: every hand and the running totals add up to 0." in flat(text)


@pytest.mark.django_db
def test_appendix_5_a_sheet_without_hands_prints_the_players_and_empty_rows(client_for, organizer, sheet):
    [text] = pdf_pages(client_for(organizer).get(f"/t/sheets/{sheet.pk}/sheet.pdf"))
    assert "name Player 1 Player 2 Player 3 Player 4" in text
    assert [line for line in text.splitlines() if re.fullmatch(r"\d+", line)] == [str(n) for n in range(1, 17)]
    assert "0 hands recorded." in flat(text) and "Not signed yet: these figures are not final." in flat(text)


@pytest.mark.django_db
def test_appendix_5_changed_after_signing_is_said_on_the_sheet(client_for, chief_referee, referee, sheet, pins):
    record(sheet, referee, HANDS[:1])
    sign_all(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    sheet_services.hand_correct(
        actor=chief_referee,
        sheet=sheet,
        number=1,
        expected_version=sheet.version,
        reason="West won, not South",
        entry=HandEntry.from_mapping(win(1, 0, STRAIGHT)),
        basis="objection",
        reference=str(objection_made_before_signing(sheet).pk),
    )
    text = pdf_pages(client_for(chief_referee).get(f"/t/sheets/{sheet.pk}/sheet.pdf"))[0]
    assert "Changed after signing" in flat(text)
    # The hand carries the mark of the objection ruled on, which 备注 prints (3.9.1.4).
    assert "1* -31 -31 47 47 -8 -8 -8 -8 0 0" in text.splitlines()
    assert "* Hand 1: Objection #" in flat(text) and "(3.9.1.4, 3.11.6.11(7)): West won, not South" in flat(text)


# --- the blank sheet --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_appendix_5_blank_sheets_of_a_seated_session_one_page_per_table_with_its_players(
    client_for, organizer, tournament, seated_session
):
    pages = pdf_pages(document_get(client_for(organizer), f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf"))
    assert len(pages) == 3
    for table, text in enumerate(pages, start=1):
        first = 4 * (table - 1) + 1
        assert f"Session 1 Table {table} Date" in text
        assert "name " + " ".join(f"Player {n}" for n in range(first, first + 4)) in text
        assert "E.S.N.W S.E.W.N W.N.E.S N.W.S.E" in text
        # Hands 1-16 empty, nothing filled in below them, the lines to sign by hand.
        assert [line for line in text.splitlines() if re.fullmatch(r"\d+", line)] == [str(n) for n in range(1, 17)]
        assert "Signed electronically" not in text and "hands recorded" not in text
        assert "Signature of the referee:" in text and "Signature of the chief referee:" in text
        assert "the plus and minus points cancel out to “0”." in flat(text)


@pytest.mark.django_db
def test_appendix_5_blank_sheets_before_the_seating_have_empty_lines_for_the_players(
    client_for, chief_referee, tournament, registrations
):
    session_services.tables_sync(actor=chief_referee, tournament=tournament)
    tables = tournament.tables.count()
    assert tables == 3
    pages = pdf_pages(document_get(client_for(chief_referee), f"/t/{tournament.pk}/sessions/2/score-sheets-blank.pdf"))
    assert len(pages) == tables
    for table, text in enumerate(pages, start=1):
        assert f"Session 2 Table {table} Date" in text
        # The number and name lines are empty, the seats and seats per round printed as on the form.
        assert re.search(r"number\s+Check\s+Σ\s+Player's\s+name\s+Starting", text), text
        assert "Player " not in text and "E.S.N.W S.E.W.N W.N.E.S N.W.S.E" in text
        assert [line for line in text.splitlines() if re.fullmatch(r"\d+", line)] == [str(n) for n in range(1, 17)]


@pytest.mark.django_db
def test_appendix_5_one_table_alone_blank_and_unknown_tables_404(client_for, organizer, tournament, running_session):
    base = f"/t/{tournament.pk}/sessions/1"
    [text] = pdf_pages(document_get(client_for(organizer), f"{base}/tables/2/score-sheet-blank.pdf"))
    assert "Table 2" in text and "name Player 5 Player 6 Player 7 Player 8" in text
    assert document_get(client_for(organizer), f"{base}/tables/9/score-sheet-blank.pdf").status_code == 404
    assert document_get(client_for(organizer), f"{base}/tables/2/score-sheet-other.pdf").status_code == 404
    missing = f"/t/{tournament.pk}/sessions/9/score-sheets-blank.pdf"
    assert document_get(client_for(organizer), missing).status_code == 404
    # As recorded: every table of the running session, empty so far.
    assert len(pdf_pages(document_get(client_for(organizer), f"{base}/score-sheets-filled.pdf"))) == 3


# --- who may print -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_appendix_5_only_the_tournaments_staff_print_sheets_outsiders_get_404(
    client_for, everyone, organizer, chief_referee, referee, tournament, sheet
):
    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    table_2 = ScoreSheet.objects.get(session=sheet.session, table__number=2)
    sheet_services.sheet_assign_referee(actor=chief_referee, sheet=table_2, referee=other)
    urls = {
        "table 1": f"/t/sheets/{sheet.pk}/sheet.pdf",
        "session": f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf",
        "blank": f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf",
        "table 1 blank": f"/t/{tournament.pk}/sessions/1/tables/1/score-sheet-blank.pdf",
    }
    for user in (organizer, chief_referee, referee):
        for url in urls.values():
            assert document_get(client_for(user), url).status_code == 200, (user, url)
    # The referee of table 2 prints table 2 only.
    assert client_for(other).get(f"/t/sheets/{table_2.pk}/sheet.pdf").status_code == 200
    assert document_get(client_for(other), urls["table 1"]).status_code == 404
    assert document_get(client_for(other), urls["table 1 blank"]).status_code == 404
    assert len(pdf_pages(document_get(client_for(other), urls["session"]))) == 1
    for name in ("arbitrator", "team_leader", "player_user", "pin_member", "outsider"):
        for url in urls.values():
            assert document_get(client_for(everyone[name]), url).status_code == 404, (name, url)
    client_for(organizer).logout()
    assert document_get(client_for(everyone["outsider"]), urls["table 1"]).status_code == 404


@pytest.mark.django_db
def test_appendix_5_print_links_on_the_sheet_page_and_the_board(
    client_for, organizer, referee, everyone, tournament, sheet
):
    page = client_for(referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert f"/t/sheets/{sheet.pk}/sheet.pdf" in page and "/tables/1/score-sheet-blank.pdf" in page
    # The arbitrator sees the sheet, but prints nothing: no link that would 404.
    assert "sheet.pdf" not in client_for(everyone["arbitrator"]).get(f"/t/sheets/{sheet.pk}/").content.decode()
    board = client_for(organizer).get(f"/t/{tournament.pk}/board/").content.decode()
    assert f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf" in board
    assert f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf" in board
    assert f"/t/sheets/{sheet.pk}/sheet.pdf" in board


@pytest.mark.django_db
def test_appendix_5_the_board_offers_blank_sheets_for_the_next_session(
    client_for, organizer, tournament, seated_session
):
    board = client_for(organizer).get(f"/t/{tournament.pk}/board/").content.decode()
    assert f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf" in board


# --- remarks (备注) --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_appendix_5_remarks_bad_input_is_refused_and_nothing_is_saved(referee, sheet):
    version = sheet.version
    with pytest.raises(ValidationError) as too_long:
        sheet_services.sheet_remarks_set(
            actor=referee, sheet=sheet, remarks="x" * (SHEET_REMARKS_MAX_LENGTH + 1), expected_version=version
        )
    assert too_long.value.message_dict["remarks"] == [
        "The remarks are 501 characters long: shorten them to 500 at most."
    ]
    for bad in (None, 12, ["a"], "bad\x00byte"):
        with pytest.raises(ValidationError) as refused:
            sheet_services.sheet_remarks_set(actor=referee, sheet=sheet, remarks=bad, expected_version=version)
        assert "remarks" in refused.value.message_dict
    with pytest.raises(Conflict):
        sheet_services.sheet_remarks_set(actor=referee, sheet=sheet, remarks="late", expected_version=version - 1)
    sheet.refresh_from_db()
    assert sheet.remarks == "" and sheet.version == version
    assert not AuditEvent.objects.filter(action="sheet.remarks_set").exists()
    # The boundary: exactly 500 characters (after the spaces around them are trimmed) are kept.
    sheet_services.sheet_remarks_set(
        actor=referee, sheet=sheet, remarks="  " + "y" * SHEET_REMARKS_MAX_LENGTH + "\n", expected_version=version
    )
    sheet.refresh_from_db()
    assert sheet.remarks == "y" * SHEET_REMARKS_MAX_LENGTH and sheet.version == version + 1
    event = AuditEvent.objects.get(action="sheet.remarks_set")
    assert event.actor == referee and event.detail == {"remarks": sheet.remarks, "before": ""}


@pytest.mark.django_db
def test_appendix_5_remarks_change_asks_the_players_to_confirm_again_and_stop_at_signing(
    referee, organizer, sheet, pins
):
    record(sheet, referee, HANDS[:1])
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    sheet.refresh_from_db()
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1], expected_version=sheet.version)
    sheet_services.sheet_remarks_set(
        actor=referee, sheet=sheet, remarks="Entry 2 arrived 5 minutes late.", expected_version=sheet.version
    )
    sheet.refresh_from_db()
    # The confirmation was for the sheet without the remark: it no longer counts.
    assert not sheet.signatures.filter(kind="player", sheet_version=sheet.version).exists()
    # The same text again changes nothing (no new version, no event).
    version = sheet.version
    sheet_services.sheet_remarks_set(
        actor=referee, sheet=sheet, remarks=" Entry 2 arrived 5 minutes late. ", expected_version=version
    )
    sheet.refresh_from_db()
    assert sheet.version == version and AuditEvent.objects.filter(action="sheet.remarks_set").count() == 1
    sign_all(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    with pytest.raises(ValidationError, match="signed"):
        sheet_services.sheet_remarks_set(actor=referee, sheet=sheet, remarks="after", expected_version=sheet.version)
    sheet.refresh_from_db()
    assert sheet.remarks == "Entry 2 arrived 5 minutes late."


@pytest.mark.django_db
def test_appendix_5_remarks_from_the_sheet_page(client_for, referee, everyone, tournament, sheet):
    url = f"/t/sheets/{sheet.pk}/remarks/"
    response = client_for(referee).post(url, {"remarks": "Table moved to hall B.", "version": sheet.version})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.remarks == "Table moved to hall B."
    page = client_for(referee).get(f"/t/sheets/{sheet.pk}/", follow=True).content.decode()
    assert "Table moved to hall B." in page and 'name="remarks"' in page
    too_long = client_for(referee).post(url, {"remarks": "z" * 501, "version": sheet.version}, follow=True)
    assert "shorten them to 500 at most" in too_long.content.decode()
    stale = client_for(referee).post(url, {"remarks": "stale", "version": sheet.version - 1}, follow=True)
    assert "The sheet has changed since you loaded it" in stale.content.decode()
    # Not their table, or not staff: 404, and nothing changes.
    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    for user in (other, everyone["arbitrator"], everyone["outsider"], everyone["organizer"]):
        assert client_for(user).post(url, {"remarks": "no", "version": sheet.version}).status_code == 404, user
    sheet.refresh_from_db()
    assert sheet.remarks == "Table moved to hall B."
    # Read-only viewers see the remarks, without the form.
    read_only = client_for(everyone["arbitrator"]).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert "Table moved to hall B." in read_only and 'name="remarks"' not in read_only


# --- on screen -------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_appendix_5_on_screen_running_totals_date_and_seats_per_round(client_for, referee, sheet):
    record(sheet, referee)
    page = client_for(referee).get(f"/t/sheets/{sheet.pk}/", HTTP_HX_REQUEST="true").content.decode()
    running = [0, 0, 0, 0]
    for hand in sheet.hands.order_by("number"):
        running = [total + delta for total, delta in zip(running, hand.deltas)]
        row = "".join(
            f'<td class="num"><span class="delta">{delta}</span>'
            f'<span class="running" title="Running total">{total}</span></td>'
            for delta, total in zip(hand.deltas, running)
        )
        assert row in page, hand.number
    assert running == [-72, 75, 6, -9]
    assert f"Date: {sheet.session.started_at.date().isoformat()}" in page
    for label in ("E.S.N.W", "S.E.W.N", "W.N.E.S", "N.W.S.E"):
        assert f'<td class="rounds">{label}</td>' in page
    chinese = client_for(referee).get(f"/t/sheets/{sheet.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "每圈座位" in chinese and "东.南.北.西" in chinese
    assert "每位选手下方：本盘得失分，其下粗体为累计。" in chinese


@pytest.mark.django_db
def test_appendix_5_the_tablet_api_gives_running_totals_and_remarks(client_for, referee, sheet):
    record(sheet, referee, HANDS[:2])
    sheet_services.sheet_remarks_set(actor=referee, sheet=sheet, remarks="Hall B", expected_version=sheet.version)
    state = client_for(referee).get(reverse("api-sheet", args=[sheet.pk])).json()
    assert state["remarks"] == "Hall B"
    assert [hand["running"] for hand in state["hands"]] == [[-31, -8, 47, -8], [-64, 91, 14, -41]]


@pytest.mark.django_db
def test_appendix_5_the_hands_page_draws_each_win_as_tile_faces(client_for, organizer, referee, sheet, tournament):
    """Issue 13, prints: the wins' tiles as faces (vector SVG) after the form; draws are not listed."""
    record(sheet, referee)
    with translation.override("en"):
        pages = paper.paper_sheet_pages(user=organizer, sheet_id=sheet.pk)["pages"]
        html = paper.paper_html(pages)
    details = pages[0]["hand_details"]
    assert [hand["number"] for hand in details] == [1, 2, 4]  # hand 3 was a draw
    assert details[1]["discarder"] == "" and details[0]["discarder"] == "East 1"
    assert details[0]["fans"] and details[0]["total"] == sheet.hands.get(number=1).total
    assert html.count('class="tile-face') == 14 * 3  # three wins of 14 tiles each
    assert html.count("<svg") == 14 * 3 and "Declared fans; tiles not recorded." not in html
    # A session's print leaves the hands page out unless asked for.
    base = f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf"
    forms = pdf_pages(document_get(client_for(organizer), base))
    assert len(forms) == 3  # three tables, one form each
    asked = pdf_pages(document_get(client_for(organizer), base + "?hands=1"))
    assert len(asked) == 4 and "Hands recorded" in asked[1]  # table 1's hands follow its form


@pytest.mark.django_db
def test_appendix_5_a_blank_sheet_has_no_hands_page(organizer, sheet):
    pages = paper.paper_session_pages(user=organizer, tournament_id=sheet.session.tournament_id, number=1, blank=True,
                                      hands=True)["pages"]
    assert all(not page.get("hand_details") for page in pages)

