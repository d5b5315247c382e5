"""Issue 13's proof: a new tournament run from nothing in the browser alone, by one organizer.

No admin page, no management command, no service called for anything a user does: the test only
creates the organizer's account (with the permission to create tournaments) and reads the database
to check what the pages did. Everyone else gets their account from the pages: the staff from the
Staff page (one-time passwords, changed at the first login), a player by signing up and linking
their registration with entry number and PIN.

The day: create the tournament (3.5.4: at least six sessions, 每次竞赛应不少于六局), import teams and
players from files headed in Chinese, give the roles, publish, draw the chart, pass the pre-flight,
start session 1; a referee records hands on a tablet with the tile faces, the players confirm with
their PINs (read from the organizer's printed schedule cards), the referee signs; a player on a phone
reads their sheet hand by hand and files an appeal against a ruling (3.12.1, within 30 minutes of
the session's end, 3.12.2), which the chief referee decides (3.13.1: 凡涉及本规则或竞赛规定一类的申诉，
由（总）裁判长听取申诉并裁决). Sessions 2-6 are played out quickly; once the last appeal window has
closed (the clock moved on) and the appeal is decided, the tournament is Finished by itself, and the
results file downloaded from the standings page ranks the players by table and contest points.
"""

import csv
import datetime as dt
import io
import re
import tempfile
from pathlib import Path

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from appeals.models import Appeal
from scoring.browser_testing import PHONE, tap
from tournaments.models import Membership, Registration, ScoreSheet, Session, Tournament

TABLET_768 = {"viewport": {"width": 768, "height": 1024}, "device_scale_factor": 2, "is_mobile": True,
              "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
SESSIONS = 6  # 3.5.4

TEAMS_CSV = "名称,国家\n东风队,CN\n西风队,JP\n"
PLAYERS_CSV = (
    "编号,姓名,队名,国家\n"
    "1,Zhang Wei,东风队,CN\n2,Li Na,东风队,CN\n3,Wang Fang,东风队,CN\n4,Liu Yang,东风队,CN\n"
    "5,Sato Yui,西风队,JP\n6,Suzuki Ren,西风队,JP\n7,Takahashi Mio,西风队,JP\n8,Tanaka Sho,西风队,JP\n"
)
NAMES = dict(line.split(",")[:2] for line in PLAYERS_CSV.strip().splitlines()[1:])


SHOTS = Path("/work/s3/shots-e") if Path("/work/s3").is_dir() else Path(tempfile.gettempdir())


def seating(tournament, number):
    """Who sits at each table of a session, East, South, West, North (read to know whom to tap)."""
    tables = {}
    for seat in Session.objects.get(tournament=tournament, number=number).seats.select_related(
        "registration__player", "table"
    ).order_by("table__number", "seat"):
        tables.setdefault(seat.table.number, []).append(seat.registration)
    return tables


def label(registration):
    return f"{registration.entry_number} {registration.player.name}"


def record_draw(page, number):
    page.locator(f"#sheet-state [data-next-number='{number}']").wait_for()
    page.locator('input[name="outcome"][value="draw"]').check()
    page.locator("#record-hand").click()
    page.locator(f"#sheet-state [data-next-number='{number + 1}']").wait_for()


def close_confirm_sign(day, page, players, pins, *, close=True):
    """Time-up: the referee closes the sheet (unless the session's end did), the four players confirm with
    their PINs, the referee signs."""
    if close:
        page.get_by_role("button", name="Close the sheet (time-up)").click()
        assert "minutes of the session are left" in day.dialogs[-1]
    confirm = page.locator("form.confirm-form")
    for n, registration in enumerate(players, start=1):
        confirm.wait_for()
        confirm.locator("input[name=entry]").fill(str(registration.entry_number))
        confirm.locator("input[name=pin]").fill(pins[registration.entry_number])
        confirm.locator("button[type=submit]").click()
        page.locator(".confirm-list .ok").nth(n - 1).wait_for()
    page.get_by_role("button", name="Referee: sign and lock the sheet").click()
    page.locator("#sheet-state [data-status='locked']").wait_for(state="attached")  # signed


def play_out_session(tournament, number, seats, pins, *, organizer):
    """What step 12's pages do for one session, through their services: start, end (the sheets close),
    each table's four confirmations with the players' PINs, the referee's signature."""
    from django.contrib.auth import get_user_model

    from tournaments.sessions.services import session_end, session_start
    from tournaments.sheets.services import sheet_confirm, sheet_sign

    session = Session.objects.get(tournament=tournament, number=number)
    session_start(actor=organizer, session=session)
    session_end(actor=organizer, session=session)
    referee = get_user_model().objects.get(username="ref")
    for table in (1, 2):
        sheet = ScoreSheet.objects.get(session=session, table__number=table)
        for registration in seats[table]:
            sheet_confirm(sheet=sheet, entry_number=registration.entry_number, pin=pins[registration.entry_number])
        sheet_sign(actor=referee, sheet=ScoreSheet.objects.get(pk=sheet.pk))


def end_session(day, page, base, number):
    page.goto(f"{base}/board/")
    page.get_by_role("button", name=f"End session {number}").click()
    assert day.dialogs[-1].startswith(f"End session {number} now?")
    page.get_by_text(f"Session {number} has ended.").wait_for()


class Day:
    """The live server's address and a few steps every page of the day repeats."""

    def __init__(self, browser, live_server):
        self.browser, self.url = browser, live_server.url
        self.dialogs = []

    def context(self, device):
        context = self.browser.new_context(**device)
        context.set_default_timeout(20_000)  # a loaded CI machine: pages can take seconds
        return context

    def page(self, context):
        page = context.new_page()
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.accept()))
        return page

    def login(self, page, username, password, *, new_password=None):
        page.goto(f"{self.url}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        page.click("main button[type=submit]")
        if new_password:  # a one-time password: the first page asks for one's own, and nothing else opens
            page.wait_for_url(f"{self.url}/accounts/password/")
            page.fill("input[name=password1]", new_password)
            page.fill("input[name=password2]", new_password)
            page.click("main form button[type=submit]")
        # Home, or the one tournament the user works on (staff land there).
        page.wait_for_url(re.compile(rf"^{re.escape(self.url)}/(t/\d+/)?$"))

    def fits(self, page):
        return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def upload(page, kind, name, text):
    page.select_option("select[name=kind]", kind)
    page.set_input_files("input[name=file]", {"name": name, "mimeType": "text/csv", "buffer": text.encode()})
    page.click("main form button[type=submit]")
    page.get_by_text(re.compile(r"\d+ rows? imported")).wait_for()


def give_role(page, role, username, team=None):
    """The Staff page: a new account with a one-time password; returns the password shown once."""
    page.select_option("select[name=role]", role)
    if team:
        page.select_option("select[name=team]", label=team)
    page.check("input[name=how][value=account]")
    page.fill("input[name=username]", username)
    page.click("main form.form button[type=submit]")
    row = page.locator("table.grid tr", has=page.locator(f"code:text-is('{username}')"))
    return row.locator("code").nth(1).inner_text()


@pytest.mark.browser
def test_a_tournament_day_from_nothing_in_the_browser(browser, live_server, organizer, monkeypatch):
    from testing.fixtures import PASSWORD

    day = Day(browser, live_server)
    desk = day.context(DESKTOP)
    org = day.page(desk)
    day.login(org, "organizer", PASSWORD)

    # 1. The tournament, from the home page's form.
    org.goto(f"{day.url}/t/new/")
    org.fill("input[name=name]", "Spring Open 2026")
    org.fill("input[name=venue]", "Hall B")
    org.fill("input[name=starts_on]", "2026-05-01")
    org.fill("input[name=ends_on]", "2026-05-02")
    org.fill("input[name=planned_sessions]", str(SESSIONS))
    org.click("main form button[type=submit]")
    org.get_by_text("Tournament created.").wait_for()
    tournament = Tournament.objects.get(name="Spring Open 2026")
    base = f"{day.url}/t/{tournament.pk}"
    assert tournament.status == "draft" and tournament.sessions.count() == SESSIONS

    # 2. The roster: teams, then players, both files headed in Chinese (编号, 姓名, 队名...).
    org.get_by_role("link", name="Import players and teams").click()
    assert "编号" in org.locator("main").inner_text()  # the page lists the Chinese headers it accepts
    upload(org, "teams", "队伍.csv", TEAMS_CSV)
    org.goto(f"{base}/import/")
    upload(org, "players", "选手.csv", PLAYERS_CSV)
    assert sorted(Registration.objects.filter(tournament=tournament).values_list("entry_number", flat=True)) == [
        1, 2, 3, 4, 5, 6, 7, 8]

    # 3. The staff, from the Staff page: accounts with one-time passwords, shown once.
    passwords = {}
    for role, username, team in [("chief_referee", "chief", None), ("referee", "ref", None),
                                 ("arbitrator", "arb", None), ("team_leader", "lead", "东风队")]:
        org.goto(base + "/")
        org.get_by_role("link", name="Staff").click()
        passwords[username] = give_role(org, role, username, team)
    assert set(Membership.objects.filter(tournament=tournament).values_list("user__username", "role")) == {
        ("organizer", "organizer"), ("chief", "chief_referee"), ("ref", "referee"), ("arb", "arbitrator"),
        ("lead", "team_leader")}

    # 4. Publish (the organizer may publish early, before session 1 does it).
    org.goto(base + "/")
    org.get_by_role("button", name="Publish now").click()
    org.get_by_text("published", exact=False).first.wait_for()
    assert Tournament.objects.get(pk=tournament.pk).status == "published"

    # 5. The chart: every session drawn at once (3.5.1, Appendix 3).
    org.get_by_role("link", name="Seating chart", exact=True).click()
    org.get_by_role("button", name="Generate").click()
    org.locator("#metric-teams").wait_for()
    assert Session.objects.get(tournament=tournament, number=SESSIONS).seats.count() == 8

    # The PINs the players confirm with: on their schedule cards, printed by the organizer.
    org.goto(f"{base}/seating/print/players/")
    pins = {}
    for card in org.locator("section.player").all():
        entry = int(card.locator("h2").inner_text().split("·")[0])
        pins[entry] = re.search(r"(\d+)\s*$", card.locator("p.pin").inner_text()).group(1)
    assert sorted(pins) == list(range(1, 9))

    # 6. Each of the staff logs in on their own device and chooses a password, as the first login forces.
    staff = {}
    for username, device in [("chief", DESKTOP), ("ref", TABLET_768), ("arb", DESKTOP), ("lead", PHONE)]:
        staff[username] = day.page(day.context(device))
        day.login(staff[username], username, passwords[username], new_password=f"{username}-own-passphrase-26")
    ref = staff["ref"]

    # 7. Session 1: the referees planned, the players checked in, the pre-flight, the start.
    org.goto(f"{base}/board/")
    org.get_by_role("link", name="Start session 1").click()
    warnings = org.locator(".preflight-warnings .preflight-item")
    assert [warnings.nth(i).get_attribute("data-fix") for i in range(warnings.count())] == ["referees", "check_in"]
    org.get_by_role("link", name="Check-in list").click()
    # 3.5.7.1 检录: the staff check the players in at the door, a table with one tap (no page load, issue 29).
    for table in (1, 2):
        org.locator(f"[data-check-in-all='{table}']").click()
        org.locator(f"#table-{table}").get_by_text("0 missing").wait_for()
    assert org.locator("[data-check-in-all]").count() == 0
    org.goto(f"{base}/board/")
    org.get_by_role("link", name="Start session 1").click()
    org.get_by_role("button", name="Start session 1 despite these warnings").click()
    org.get_by_text("Session 1 has started.").wait_for()
    assert Tournament.objects.get(pk=tournament.pk).status == "running"

    # 8. The referee's tablet (768 px): hand 1 with the tile faces, hand 2 a draw; the table confirms, the
    # referee signs. Then table 2, a draw.
    seats = seats_1 = seating(tournament, 1)
    ref.goto(f"{base}/my-tables/")
    ref.get_by_role("link", name="Table 1").click()
    east, south, west, north = seats[1]
    ref.get_by_label(label(west)).first.check()
    ref.locator("fieldset.discard-only").get_by_label(label(east)).check()
    tap(ref, "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p", "5p")
    assert ref.locator('input[name="tiles"]').input_value() == "123456789m1235p+5p"
    assert ref.locator(".tile-picker svg.tile-svg").count() >= 34  # the faces, not letters
    ref.locator("#record-hand").click()
    hand_1 = ref.locator("#sheet-state .sheet-hands tbody tr").first
    hand_1.get_by_text("Pure Straight").wait_for()
    assert hand_1.locator("td.num .delta").all_inner_texts() == ["-31", "-8", "47", "-8"]
    assert ref.locator("#sheet-state tr.hand-detail[data-hand='1'] svg.tile-svg").count() == 14
    assert day.fits(ref)
    ref.screenshot(path=str(SHOTS / "day-tablet-sheet-768.png"), full_page=True)
    record_draw(ref, 2)
    close_confirm_sign(day, ref, seats[1], pins)
    ref.goto(f"{base}/my-tables/")
    ref.get_by_role("link", name="Table 2").click()
    record_draw(ref, 1)
    close_confirm_sign(day, ref, seats[2], pins)
    sheets = ScoreSheet.objects.filter(session__tournament=tournament, session__number=1).order_by("table__number")
    assert [sheet.status for sheet in sheets] == ["locked", "locked"]
    assert list(sheets[0].hands.values_list("number", "result")) == [(1, "win"), (2, "draw")]

    # 9. The organizer ends session 1 (after a question); the 30 minutes to appeal start (3.12.2).
    end_session(day, org, base, 1)

    phone_public = day.page(day.context(PHONE))  # the public standings, on anyone's phone: session 1 counted
    phone_public.goto(f"{base}/standings/")
    assert phone_public.locator("h2#results").inner_text() == "Results after session 1"
    phone_public.context.close()

    # 10. A player of table 1 on their phone (360 px): an account, linked with entry number + PIN from
    # their card; their sheet read hand by hand; an appeal against the ruling on hand 1 (3.12.1).
    player = next(r for r in seats[1] if r.team.name == "东风队")
    phone = day.page(day.context(PHONE))
    phone.goto(base + "/")
    phone.get_by_role("link", name="Players: log in to read your score sheets").click()
    phone.get_by_role("link", name="No account? Players make one here.").click()
    phone.fill("input[name=username]", "player")
    phone.fill("input[name=password1]", "a-long-Passw0rd!")
    phone.fill("input[name=password2]", "a-long-Passw0rd!")
    phone.get_by_role("button", name="Make the account").click()
    phone.wait_for_url(f"{base}/link/")
    phone.fill("input[name=entry_number]", str(player.entry_number))
    phone.fill("input[name=pin]", pins[player.entry_number])
    phone.get_by_role("button", name="Link my account").click()
    phone.wait_for_url(f"{base}/players/{player.entry_number}/records/")
    phone.locator(".player-sheets li").first.get_by_role("link", name="Read the sheet").click()
    phone.wait_for_url(f"{day.url}/t/sheets/{sheets[0].pk}/read/")
    hands = phone.locator(".read-hands > li")
    assert hands.count() == 2
    assert "Pure Straight" in hands.first.inner_text()
    assert hands.first.locator("svg.tile-svg").count() == 14
    assert day.fits(phone)
    phone.screenshot(path=str(SHOTS / "day-player-sheet-360.png"), full_page=True)
    phone.goto(f"{base}/players/{player.entry_number}/records/")
    phone.get_by_role("link", name="File an appeal").click()
    phone.select_option("select[name=sheet]", str(sheets[0].pk))
    phone.select_option("select[name=subject]", "hand")
    phone.fill("input[name=hand_number]", "1")
    phone.select_option("select[name=category]", "rules")
    phone.fill("textarea[name=statement]", "Hand 1 was counted without the flower I declared.")
    phone.get_by_role("button", name="File and sign").click()
    phone.get_by_text("Appeal filed.").wait_for()
    assert day.fits(phone)
    appeal = Appeal.objects.get(tournament=tournament)
    assert (appeal.appellant_id, appeal.status) == (player.pk, "open")

    # 11. Their team leader countersigns (3.12.3), on their phone; the organizer records the fee (3.12.2).
    lead = staff["lead"]
    lead.goto(f"{day.url}/appeals/{appeal.pk}/")
    lead.get_by_role("button", name="Sign the appeal").click()
    lead.get_by_text("Signed.").wait_for()
    org.goto(f"{day.url}/appeals/{appeal.pk}/")
    org.get_by_role("button", name="Record 200.00 USD as received").click()
    org.get_by_text("Fee recorded as received.").wait_for()

    # 12. Sessions 2 to 6, played out quickly: pre-flight, start, the end (which closes the sheets, no hand
    # recorded), then each table's confirmations and the referee's signature. Session 2 in the browser (the
    # sheets closed by the session's end, then confirmed on the tablet); 3 to 6 repeat it through the same
    # services the pages call (16 s of identical clicks saved).
    for number in range(2, SESSIONS + 1):
        seats = seating(tournament, number)
        if number > 2:
            play_out_session(tournament, number, seats, pins, organizer=organizer)
            continue
        org.goto(f"{base}/board/")
        org.get_by_role("link", name=f"Start session {number}").click()
        org.get_by_role("button", name=f"Start session {number} despite these warnings").click()
        org.get_by_text(f"Session {number} has started.").wait_for()
        end_session(day, org, base, number)
        for table in (1, 2):
            ref.goto(f"{base}/my-tables/")
            ref.get_by_role("link", name=f"Table {table}, session {number}").click()
            close_confirm_sign(day, ref, seats[table], pins, close=False)
    assert Tournament.objects.get(pk=tournament.pk).status == "running"  # the appeal and its windows hold it

    # 13. The windows close (3.12.2: 30 minutes after each session); the chief referee decides the rules
    # appeal (3.13.1), and with that the results are final: the tournament finishes by itself.
    later = timezone.now() + dt.timedelta(minutes=31)
    monkeypatch.setattr(timezone, "now", lambda: later)
    chief = staff["chief"]
    chief.goto(f"{base}/appeals/")
    chief.get_by_role("link", name=f"#{appeal.pk}").click()
    chief.get_by_label("Reject").check()
    chief.fill("textarea[name=reasons]", "No flower was declared before the win; hand 1 stands.")
    chief.get_by_role("button", name="Record the decision").click()
    chief.get_by_text("Decision recorded.").wait_for()
    assert Appeal.objects.get(pk=appeal.pk).status == "rejected"
    assert Tournament.objects.get(pk=tournament.pk).status == "finished"

    # 14. The results, downloaded from the standings page, titled final now.
    org.goto(f"{base}/standings/")
    assert org.locator("h2#results").inner_text() == "Final results"
    with org.expect_download() as download:
        org.get_by_role("link", name="CSV", exact=True).click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    results = [
        (row["Individual totals: Rank"], row["Entry"], row["Name"], row["Team"],
         row["Individual totals: Table points"], row["Individual totals: Contest points"])
        for row in rows if row["Entry"].isdigit()
    ]
    # Session 1, table 1: West won 47 on East's discard, then a draw: 4, 1.5, 1.5, 0 table points (South and
    # North tied on -8 share 2+1); every other table ended level at 0, so 1.75 each (4+2+1+0 shared by four).
    # 3.10.1: ranked by table points, then contest points; equal on both share the rank (2, then 6).
    east, south, west, north = seats_1[1]

    def expected(rank, registration, table_points, contest_points):
        return (str(rank), str(registration.entry_number), NAMES[str(registration.entry_number)],
                registration.team.name, table_points, contest_points)

    others = sorted(seats_1[2], key=lambda registration: registration.entry_number)
    assert sorted(results, key=lambda row: (int(row[0]), int(row[1]))) == [
        expected(1, west, "12.75", "47"),
        *[expected(2, registration, "10.5", "0") for registration in others],
        *sorted([expected(6, south, "10.25", "-8"), expected(6, north, "10.25", "-8")]),
        expected(8, east, "8.75", "-31"),
    ]
    assert rows[0]["Country (ISO code)"] in ("CN", "JP") and rows[0]["Session 1: Table points"]
    # The same ranks in the XLSX.
    with org.expect_download() as download:
        org.get_by_role("link", name="XLSX", exact=True).click()
    worksheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    header = [cell.value for cell in worksheet[2]]
    ranks = {row[header.index("Entry")]: row[header.index("Individual totals: Rank")]
             for row in worksheet.iter_rows(min_row=3, values_only=True) if isinstance(row[0], int)}
    assert ranks == {int(row[1]): int(row[0]) for row in results}
    for context in [desk, ref.context, phone.context, *(page.context for page in staff.values())]:
        context.close()
