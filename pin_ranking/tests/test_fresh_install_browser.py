"""A fresh install without the demo, run as a committee would: the administrator creates the world
body's committee and two member organizations' and seats their members on a desktop; the world body imports a
results file of a competition run elsewhere with three players it does not know, confirmed on review; a player
applies on a phone; the committee the application is addressed to approves it on a desktop; another committee's
member is refused the application; the public register shows the Pin. The world body also imports a
finished tournament's archive and registers it in one step."""

import json

import pytest

from pin_ranking.models import PinAward
from scoring.browser_testing import PHONE
from testing.archives import finished
from testing.fixtures import make_user
from tournaments.models import Player

DESKTOP = {"viewport": {"width": 1366, "height": 800}}


def results_file() -> bytes:
    """A regional competition in France of 40 players over 6 sessions (class C, 5.3.1): Li Wei (CN-100) won it
    with 22 table points (Pin 9 needs 20); FR-38..40 are not in the register."""
    lines = ["federation_id,name,country,rank,table_points,contest_points", "CN-100,Li Wei,CN,1,22,300"]
    for n in range(2, 41):
        lines.append(f"FR-{n},Player {n},FR,{n},{10 if n <= 30 else 6},{100 - n}")
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_fresh_install_runs_the_pin_committees_work_end_to_end(browser, live_server, browser_login):
    admin = make_user("admin")
    admin.is_superuser = admin.is_staff = True
    admin.save()
    world, cn, jp, li = make_user("wmo"), make_user("cma"), make_user("jpml"), make_user("liwei")
    Player.objects.create(name="Li Wei", country="CN", federation_id="CN-100", user=li)
    for n in range(2, 38):
        Player.objects.create(name=f"Player {n}", country="FR", federation_id=f"FR-{n}")

    desk = browser.new_context(**DESKTOP)
    page = desk.new_page()
    browser_login(page, admin)
    page.goto(f"{live_server.url}/pin/committees/")
    page.get_by_text("No committee yet").wait_for()
    for name, kind, country in (("WMO Pin Committee", "world", ""), ("CMA Pin Committee", "member", "CN"),
                                ("JPML Pin Committee", "member", "JP")):
        page.fill("input[name=c-name]", name)
        page.select_option("select[name=c-kind]", kind)
        page.select_option("select[name=c-country]", country)  # a code from the list, never typed
        page.get_by_role("button", name="Create", exact=True).click()
        page.get_by_role("heading", name=name).wait_for()
    for committee, username in (("WMO Pin Committee", "wmo"), ("CMA Pin Committee", "cma"),
                                ("JPML Pin Committee", "jpml")):
        page.select_option("select[name=s-committee]", label=committee)
        page.fill("input[name=s-username]", username)
        page.get_by_role("button", name="Give the seat").click()
        page.get_by_text(f"{username} now sits on the committee.").wait_for()
    desk.close()

    desk = browser.new_context(**DESKTOP)
    page = desk.new_page()
    browser_login(page, world)
    page.goto(f"{live_server.url}/pin/committee/imports/")
    page.set_input_files("input[name=f-file]", files=[{"name": "lyon.csv", "mimeType": "text/csv",
                                                      "buffer": results_file()}])
    for field, value in (("f-name", "Lyon Open"), ("f-starts_on", "2026-04-04"), ("f-ends_on", "2026-04-05"),
                         ("f-sessions", "6"), ("f-players", "40"), ("f-chief_referee", "Paul Roux")):
        page.fill(f"input[name={field}]", value)
    page.select_option("select[name=f-country]", "FR")  # the host country: a code from the list
    page.select_option("select[name=f-level]", "regional")
    page.get_by_role("button", name="Import the results").click()
    page.wait_for_url("**/review/")
    page.get_by_text("3 players the register does not know").wait_for()
    assert page.get_by_text("Player 40").count() == 1
    page.check("input[name=create_players]")
    page.get_by_role("button", name="Confirm and import").click()
    page.get_by_text("“Lyon Open” imported: class C.").wait_for()
    assert Player.objects.filter(federation_id__in=["FR-38", "FR-39", "FR-40"]).count() == 3
    # A tournament run elsewhere in this app, its archive imported and registered at once: its penalty locks a
    # score sheet before the registration locks the tournament (LOCK_ORDER_CHECK is on, as under `make run`).
    page.goto(f"{live_server.url}/pin/committee/imports/")
    archive = finished(penalties={(1, 1): [{"foul": "false_win", "offender": "1", "hand": 1}]})
    page.set_input_files("input[name=a-file]", files=[{"name": "finished.json", "mimeType": "application/json",
                                                      "buffer": json.dumps(archive).encode()}])
    page.select_option("select[name=a-level]", "national")
    page.get_by_role("button", name="Import and register").click()
    page.get_by_text("“Finished Open” imported and registered: class").wait_for()
    desk.close()

    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    browser_login(page, li)
    page.goto(f"{live_server.url}/pin/me/")
    page.locator("a[href='/pin/apply/pin/']").click()
    page.select_option("select[name=sex]", "M")
    page.fill("input[name=age]", "31")
    page.fill("input[name=id_number]", "110101199501011234")
    page.fill("input[name=contact]", "li.wei@example.cn")
    page.check("input[name=pledge_accepted]")
    page.get_by_role("button", name="Sign and send").click()
    page.wait_for_url("**/pin/applications/*/")
    page.get_by_text("CMA Pin Committee", exact=True).wait_for()  # 2014: Pin 9 goes to the player's member organization
    application_url = page.url.removeprefix(live_server.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()

    desk = browser.new_context(**DESKTOP)
    page = desk.new_page()
    browser_login(page, jp)  # another committee's member: nothing of it
    assert page.goto(f"{live_server.url}{application_url}").status == 404
    page.goto(f"{live_server.url}/pin/committee/applications/")
    page.get_by_text("No application is waiting.").wait_for()
    desk.close()

    desk = browser.new_context(**DESKTOP)
    page = desk.new_page()
    browser_login(page, cn)
    page.goto(f"{live_server.url}/pin/committee/applications/")
    page.get_by_text("Now: the register as it stands still reaches this Pin.").wait_for()
    page.select_option("select[name=decision]", "approve")
    page.get_by_role("button", name="Decide").click()
    page.get_by_text("No application is waiting.").wait_for()
    desk.close()

    public = browser.new_context(**PHONE)
    page = public.new_page()
    page.goto(f"{live_server.url}/pin/register/")
    award = PinAward.objects.get()
    page.get_by_text(award.number).wait_for()
    assert award.pin == 9 and award.committee.name == "CMA Pin Committee"
    assert page.get_by_text("Li Wei").count() == 1 and "110101199501011234" not in page.content()
    public.close()
