"""A foul on the tablet, an appeal on a phone, the chief referee upholds it, the standings change."""

import pytest

from appeals.models import Appeal
from penalties.models import Penalty
from scoring.browser_testing import PHONE, TABLET
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.mark.browser
def test_foul_appeal_upheld_standings_change(browser, live_server, browser_login, referee, chief_referee, organizer,
                                             player_user, team_leader, sheet, pins, tournament):
    tournament.status = "published"
    tournament.save()
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))

    # The referee, on the tablet, docks entry 1 twenty points for a rules violation (3.11.2.2).
    tablet = browser.new_context(**TABLET)
    page = tablet.new_page()
    browser_login(page, referee)
    page.goto(f"{live_server.url}/sheets/{sheet.pk}/fouls/")
    page.select_option("select[name=foul]", "violation")
    page.select_option("select[name=offender]", label="1 Player 1")
    page.fill("input[name=hand_number]", "1")
    page.fill("input[name=points]", "20")  # a number: 3.11.6.7(3), 3.11.6.9 leave the 3.11.2.2 scale
    page.get_by_role("button", name="Record the penalty").click()
    page.get_by_text("Penalty recorded.").wait_for()
    penalty = Penalty.objects.get()
    tablet.close()

    # The sheet is signed and the session ends; the standings show the deduction.
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    sheet_services.sheet_sign(actor=referee, sheet=sheet)  # eager task: standings recomputed on commit
    session_services.session_end(actor=organizer, session=sheet.session)

    def contest_points_of_player_1(page):
        page.goto(f"{live_server.url}/t/{tournament.pk}/standings/")
        row = page.locator('#individuals tbody tr:has(a[href$="/players/1/"])')
        return row.locator("td.n").all_inner_texts()[-1]

    # On the player's phone: file the appeal within the 30 minutes, and see the deduction.
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    browser_login(page, player_user)
    assert contest_points_of_player_1(page) == "-20"
    page.goto(f"{live_server.url}/t/{tournament.pk}/appeals/new/")
    page.select_option("select[name=subject]", "penalty")
    page.select_option("select[name=penalty]", str(penalty.pk))
    page.select_option("select[name=category]", "rules")
    page.fill("textarea[name=statement]", "I asked the referee before touching the wall.")
    page.get_by_role("button", name="File and sign").click()
    page.get_by_text("Appeal filed.").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    appeal = Appeal.objects.get()
    phone.close()

    # The team leader countersigns (3.12.3); the chief referee upholds from the queue.
    leader = browser.new_context(**PHONE)
    page = leader.new_page()
    browser_login(page, team_leader)
    page.goto(f"{live_server.url}/appeals/{appeal.pk}/")
    page.get_by_role("button", name="Sign the appeal").click()
    page.get_by_text("Signed.").wait_for()
    leader.close()

    # 3.12.2: the organizer records the fee as received; until then the chief referee cannot decide.
    office = browser.new_context(**TABLET)
    page = office.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}/appeals/{appeal.pk}/")
    page.get_by_role("button", name="Record 200.00 USD as received").click()
    page.get_by_text("Fee recorded as received.").wait_for()
    assert "Received, held" in page.locator(".fee-step").inner_text()
    office.close()

    desk = browser.new_context(**TABLET)
    page = desk.new_page()
    browser_login(page, chief_referee)
    page.goto(f"{live_server.url}/t/{tournament.pk}/appeals/")
    page.get_by_role("link", name=f"#{appeal.pk}").click()
    page.get_by_label("Uphold").check()
    page.fill("textarea[name=reasons]", "The player had asked; no violation.")
    page.get_by_role("button", name="Record the decision").click()
    page.get_by_text("Decision recorded.").wait_for()
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("upheld", "refunded")
    assert contest_points_of_player_1(page) == "0"
    desk.close()


@pytest.mark.browser
def test_3_12_4_filing_straight_to_arbitration_on_a_phone(browser, live_server, browser_login, referee, organizer,
                                                          chief_referee, player_user, sheet, pins, tournament,
                                                          registrations):
    """On a 360 px phone: the route is offered, an appeal against the chief referee's penalty sent straight is
    told of 3.13.3 first."""
    from penalties.services import penalty_record

    tournament.status = "published"
    tournament.save()
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    penalty = penalty_record(actor=chief_referee, sheet=sheet, foul="violation", offender=registrations[0],
                             hand_number=1, points=10)
    session_services.session_end(actor=organizer, session=sheet.session)
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    browser_login(page, player_user)
    page.goto(f"{live_server.url}/t/{tournament.pk}/appeals/new/")
    page.select_option("select[name=subject]", "penalty")
    page.select_option("select[name=penalty]", str(penalty.pk))
    page.get_by_label("Straight to the arbitration committee (rule 3.12.4)").check()
    page.fill("textarea[name=statement]", "I did not touch the wall.")
    page.get_by_role("button", name="File and sign").click()
    page.locator(".warning .errorlist").wait_for()
    assert "3.13.3" in page.locator(".warning").inner_text()
    assert not Appeal.objects.exists()
    page.locator("input[name=acknowledged_3_13_3]").check()
    page.get_by_role("button", name="File and sign").click()
    page.get_by_text("Appeal filed.").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    appeal = Appeal.objects.get()
    assert (appeal.stage, appeal.direct_to_arbitration, appeal.fee_status) == ("arbitration", True, "awaiting")
    assert "Awaiting receipt" in page.locator(".fee-step").inner_text()
    phone.close()
