"""Appendix 5's 备注 on the printed score sheet: the fouls of each hand (错和, 诈和, as the Record of Fouls words
them) and the objections made at the table with the ruling on each (3.9.1.4 "裁判员按规定要求，在《麻将竞赛成绩
记录表》中记录竞赛有关事项"). Here because the fouls are this app's; the print is the core's."""

import io
import re

import pytest
from pypdf import PdfReader

from penalties import services as penalty_services
from testing.scenarios import STRAIGHT, sign_all, win
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


def record(sheet, actor, hands):
    for number, hand in enumerate(hands, start=1):
        sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand))
    sheet.refresh_from_db()


def printed(client, sheet, language="en") -> str:
    response = client.get(f"/t/sheets/{sheet.pk}/sheet.pdf", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return " ".join(PdfReader(io.BytesIO(response.getvalue())).pages[0].extract_text().split())


@pytest.mark.django_db
def test_appendix_5_prints_the_fouls_of_each_hand_and_the_objections_with_their_ruling(
    client_for, chief_referee, referee, sheet, pins, django_capture_on_commit_callbacks
):
    """3.9.1.4 "裁判员按规定要求，在《麻将竞赛成绩记录表》中记录竞赛有关事项": the paper the players sign carries the
    objection made at the table and the ruling on it, and which hand carried a 错和 or 诈和 (the audit found only
    penalty totals in 备注)."""
    record(sheet, referee, [win(2, 0, STRAIGHT), win(1, None, STRAIGHT)])
    east = sheet.session.seats.get(table=sheet.table, seat=0).registration
    penalty_services.penalty_record(actor=referee, sheet=sheet, foul="false_win", offender=east, hand_number=2)
    sheet.refresh_from_db()
    objection = sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version,
                                                hand_number=1, seat=1, text="South says West was not waiting")
    # An objection the referee rules on at once, correcting the hand before the players sign.
    sheet.refresh_from_db()
    before_signing = sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version,
                                                     hand_number=2, seat=3, text="North says South was not waiting")
    sheet.refresh_from_db()
    sheet_services.hand_correct(actor=referee, sheet=sheet, number=2, expected_version=sheet.version,
                                entry=HandEntry(result="draw"), reason="South was not waiting")
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheet)
    text = printed(client_for(chief_referee), sheet)
    assert f"* Hand 1: Objection #{objection.pk} (South): South says West was not waiting — the hand stands as " \
           "signed" in text
    assert "* Hand 2: 1 Player 1: False win: below 8 points or on a wrong tile (错和) — pays 10 to each" in text
    assert f"* Hand 2: Objection #{before_signing.pk} (North): North says South was not waiting — the hand corrected " \
           "at the table at " in text
    assert re.search(r"\b1\* -?\d", text) and re.search(r"\b2\* -?\d", text)  # the rows concerned carry a mark
    sheet.refresh_from_db()
    sheet_services.hand_correct(actor=chief_referee, sheet=sheet, number=1, expected_version=sheet.version,
                                entry=HandEntry(result="draw"), reason="West was not waiting",
                                basis="objection", reference=str(objection.pk))
    text = printed(client_for(chief_referee), sheet)
    assert re.search(rf"Objection #{objection.pk} \(South\): South says West was not waiting — ruled on "
                     r"\S+ \S+ \(3\.9\.1\.4, 3\.11\.6\.11\(7\)\): West was not waiting", text)
    for language, words in (("zh-hans", ("* 第 1 盘", "异议 #", "* 第 2 盘", "错和")), ("ja", ("* 第 1 局", "異議 #"))):
        text = printed(client_for(chief_referee), sheet, language)
        assert all(word in text for word in words), (language, text[-600:])
