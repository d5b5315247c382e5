"""static/js/outbox.js on its own, in Chromium: the score sheet's outbox protocol, no server, no sheet page.

The page is an empty document on a made-up origin (so that it has a localStorage); the tests play
the server's answers to the outbox by hand.
"""

from pathlib import Path

import pytest

OUTBOX_JS = Path(__file__).resolve().parents[3] / "static" / "js" / "outbox.js"
ORIGIN = "http://outbox.test"

# Messages as score-sheet.js gives them from the page, in short; the client keys are predictable.
HELPERS = """
window.text = function (name, n) {
  return ({ Renumbered: "Renumbered {n} now {m}" }[name] || name + " {n}").replace("{n}", n);
};
window.keys = 0;
window.openOutbox = function (serverNext, storage) {
  return SheetOutbox.open({
    storage: storage || window.localStorage, sheetId: 42, serverNext: serverNext, text: window.text,
    newKey: function () { window.keys += 1; return "key-" + window.keys; },
    onChange: function (entries) { window.changes = (window.changes || 0) + 1; }
  });
};
"""

DRAW = {"result": "draw"}
WIN = {"result": "win", "winner": 3, "discarder": 1, "tiles": "123456789m1235p+5p", "flowers": 0}


def load(page):
    page.goto(f"{ORIGIN}/")
    page.add_script_tag(path=str(OUTBOX_JS))
    page.add_script_tag(content=HELPERS)


@pytest.fixture
def page(browser):
    context = browser.new_context()
    context.route(
        f"{ORIGIN}/**",
        lambda route: route.fulfill(content_type="text/html", body="<!doctype html><title>outbox</title>"),
    )
    page = context.new_page()
    load(page)
    yield page
    context.close()


def stored(page):
    return page.evaluate("JSON.parse(localStorage.getItem('mcr-outbox-sheet-42') || '[]')")


@pytest.mark.browser
def test_hands_are_queued_with_client_keys_and_numbered_from_the_servers_next_number(page):
    result = page.evaluate(
        """([draw, win]) => {
          const outbox = openOutbox(5);
          const first = outbox.add(draw), second = outbox.add(win);
          return { first, second, formNumber: outbox.formNumber(), held: outbox.held(),
                   step: outbox.next(), again: outbox.next(), changes: window.changes };
        }""",
        [DRAW, WIN],
    )
    # Queued in order, each with its client key and the number the form showed; no number yet.
    assert result["first"] == {"client_key": "key-1", "hand": DRAW, "expected": 5}
    assert result["second"] == {"client_key": "key-2", "hand": WIN, "expected": 6}
    assert result["formNumber"] == 7 and result["held"] is None
    # The first is sent with the server's next number, which it keeps; one hand in flight at a time.
    assert result["step"]["send"]["number"] == 5
    assert result["step"]["body"] == {"number": 5, "client_key": "key-1", "result": "draw"}
    assert result["again"] is None
    assert [(e["client_key"], e.get("number")) for e in stored(page)] == [("key-1", 5), ("key-2", None)]
    assert result["changes"] == 3  # every change to the storage is reported (to redraw the page)

    # The default client keys are random UUIDs (version 4), also outside a secure context.
    keys = page.evaluate("[SheetOutbox.newClientKey(), SheetOutbox.newClientKey()]")
    assert keys[0] != keys[1]
    assert all(len(k) == 36 and k[14] == "4" and k[19] in "89ab" for k in keys)


@pytest.mark.browser
def test_a_201_or_200_removes_the_hand_and_the_next_is_numbered_after_it(page):
    result = page.evaluate(
        """([draw, win]) => {
          const outbox = openOutbox(1);
          outbox.add(draw); outbox.add(win);
          const first = outbox.next();
          const sent = outbox.settle(first.send.client_key, { status: 201, body: { number: 1 } });
          const afterFirst = { next: outbox.serverNext(), left: outbox.entries().length };
          const second = outbox.next();
          // 200: a retry the server had already recorded (same client key).
          const again = outbox.settle(second.send.client_key, { status: 200, body: { number: 2 } });
          return { sent, afterFirst, second, again, next: outbox.serverNext(), nothing: outbox.next() };
        }""",
        [DRAW, WIN],
    )
    assert result["sent"]["kind"] == "sent" and result["sent"]["entry"]["client_key"] == "key-1"
    assert result["afterFirst"] == {"next": 2, "left": 1}
    assert result["second"]["body"]["number"] == 2
    assert result["again"]["kind"] == "sent"
    assert result["next"] == 3 and result["nothing"] is None
    assert stored(page) == []


@pytest.mark.browser
def test_a_network_failure_keeps_the_hand_and_the_retry_carries_the_same_number(page):
    result = page.evaluate(
        """([draw]) => {
          const outbox = openOutbox(4);
          outbox.add(draw);
          const first = outbox.next();
          const failed = outbox.settle(first.send.client_key, null);  // fetch rejected: offline
          // Meanwhile a refresh says 6 (say, a slow answer): the hand keeps the number it was sent with.
          outbox.setServerNext(6);
          const retry = outbox.next();
          const busy = outbox.settle(retry.send.client_key, { status: 503, body: {} });  // a 5xx: retry too
          const last = outbox.next();
          const sent = outbox.settle(last.send.client_key, { status: 200, body: { number: 4 } });
          return { failed, retry, busy, last, sent, next: outbox.serverNext() };
        }""",
        [DRAW],
    )
    assert result["failed"]["kind"] == "retry"
    assert result["retry"]["body"] == {"number": 4, "client_key": "key-1", "result": "draw"}
    assert result["busy"]["kind"] == "retry"
    assert result["last"]["body"]["number"] == 4
    assert result["sent"]["kind"] == "sent" and result["next"] == 5
    assert stored(page) == []


@pytest.mark.browser
def test_a_409_on_a_number_this_tablet_recorded_says_so_and_never_blames_another_tablet(page):
    """The tournament day: a tablet that recorded hand 1 and then reloaded an older copy sent its next hand as
    hand 1 again, and was told "hand 1 was already recorded on another tablet"."""
    result = page.evaluate(
        """([draw]) => {
          window.text = function (name, n) { return name + " {n} {m}".replace("{n}", n); };
          const outbox = openOutbox(1);
          outbox.add(draw);
          let step = outbox.next();
          outbox.settle(step.send.client_key, { status: 201, body: { number: 1 } });
          // The page is loaded again from a copy that knew no hand: it sends its next hand as hand 1.
          const again = openOutbox(1);
          again.add(draw);
          step = again.next();
          const own = again.settle(step.send.client_key, { status: 409, body: { errors: [], next_number: 2 } });
          // Hand 2 was recorded by another device: that one is named so.
          again.discardHeld();
          again.add(draw);
          step = again.next();
          const foreign = again.settle(step.send.client_key, { status: 409, body: { errors: [], next_number: 3 } });
          return { own: own.entry.held, foreign: foreign.entry.held, next: again.serverNext() };
        }""",
        [DRAW],
    )
    assert result == {"own": ["ConflictOwn 1 2"], "foreign": ["Conflict 2 3"], "next": 3}


@pytest.mark.browser
def test_a_409_or_400_holds_the_hand_until_it_is_entered_again_or_discarded(page):
    result = page.evaluate(
        """([draw, win]) => {
          const outbox = openOutbox(3);
          outbox.add(win); outbox.add(draw);
          const step = outbox.next();
          // 409: another tablet recorded hand 3; the server's next is now 4.
          const conflict = outbox.settle(step.send.client_key, {
            status: 409,
            body: { errors: [{ field: null, code: "conflict", message: "taken" }], current_version: 7, next_number: 4 }
          });
          return { conflict, next: outbox.serverNext(), blocked: outbox.next(), formNumber: outbox.formNumber() };
        }""",
        [DRAW, WIN],
    )
    assert result["conflict"]["kind"] == "held"
    assert result["conflict"]["entry"]["held"] == ["Conflict 3"]
    assert result["conflict"]["entry"]["number"] is None  # entered again, it takes the server's next number
    assert result["next"] == 4
    assert result["blocked"] is None  # the hand queued after it waits
    assert result["formNumber"] == 4  # the held hand is the one in the form

    # The held hand and its reason survive a reload.
    load(page)
    assert page.evaluate("openOutbox(4).held()") == {
        "client_key": "key-1",
        "hand": WIN,
        "expected": 3,
        "number": None,
        "held": ["Conflict 3"],
    }
    assert [e["client_key"] for e in stored(page)] == ["key-1", "key-2"]

    # Entered again, it takes the refused one's place, ahead of the draw; 400: refused with reasons.
    result = page.evaluate(
        """([win]) => {
          const outbox = openOutbox(4);
          const corrected = outbox.add(win);
          const step = outbox.next();
          const refused = outbox.settle(step.send.client_key, {
            status: 400,
            body: { errors: [{ field: "tiles", code: "below_minimum", message: "a win needs at least 8" }] },
          });
          const held = outbox.held();
          const discarded = outbox.discardHeld();
          return { corrected, order: outbox.entries().map(e => e.client_key), stepNumber: step.send.number,
                   refused, held, discarded, after: outbox.entries().map(e => e.client_key) };
        }""",
        [WIN],
    )
    assert result["corrected"] == {"client_key": "key-1", "hand": WIN, "expected": 4}  # keys restart: a new page
    assert result["stepNumber"] == 4
    assert result["refused"]["kind"] == "held"
    assert result["held"]["held"] == ["Refused 4", "a win needs at least 8"]
    assert result["discarded"] is True
    assert result["after"] == ["key-2"]

    # Every error's message is a reason; a 409 without a next number says why; a body that is no
    # JSON (from a proxy: score-sheet.js gives it as {}) holds the hand without reasons.
    result = page.evaluate(
        """([draw]) => {
          const outbox = openOutbox(4, {
            items: {}, getItem(k) { return this.items[k] || null; }, setItem(k, v) { this.items[k] = v; },
          });
          const errors = [{ field: "flowers", code: "max_value", message: "at most 8" },
                          { field: null, code: "invalid", message: "not running" }];
          outbox.add(draw);
          const a = outbox.settle(outbox.next().send.client_key, { status: 400, body: { errors: errors } });
          outbox.add(draw);
          const b = outbox.settle(outbox.next().send.client_key, {
            status: 409,
            body: { errors: [{ field: null, code: "conflict", message: "The sheet changed." }], current_version: 3 },
          });
          outbox.add(draw);
          const c = outbox.settle(outbox.next().send.client_key, { status: 413, body: {} });
          return [a.entry.held, b.entry.held, c.entry.held, outbox.serverNext()];
        }""",
        [DRAW],
    )
    assert result == [["Refused 4", "at most 8", "not running"], ["Conflict 4", "The sheet changed."], ["Refused 4"], 4]


@pytest.mark.browser
def test_a_hand_queued_for_another_number_is_held_rather_than_sent(page):
    # Entered as hand 2 (its winds were read for 2), but the sheet moved on (a take-back: now 1).
    result = page.evaluate(
        """([draw]) => {
          const outbox = openOutbox(2);
          outbox.add(draw);
          outbox.setServerNext(1);
          const step = outbox.next();
          return { step, held: outbox.held(), again: outbox.next() };
        }""",
        [DRAW],
    )
    assert "send" not in result["step"]
    assert result["step"]["hold"]["held"] == ["Renumbered 2 now 1"]
    assert "number" not in result["held"] and result["again"] is None  # never sent


@pytest.mark.browser
def test_401_403_404_stop_sending_and_keep_the_hands(page):
    for status in (401, 403, 404):
        result = page.evaluate(
            """([status, draw]) => {
              localStorage.clear();
              const outbox = openOutbox(1);
              outbox.add(draw);
              const step = outbox.next();
              const answer = outbox.settle(step.send.client_key, { status: status, body: {} });
              return { answer, stopped: outbox.stopped(), next: outbox.next(), left: outbox.entries() };
            }""",
            [status, DRAW],
        )
        assert result["answer"]["kind"] == "stopped"
        assert result["stopped"] is True and result["next"] is None
        assert len(result["left"]) == 1 and result["left"][0]["number"] == 1  # kept, with its number

    # Reloaded (logged in again), the tablet sends it, with the number it was sent with.
    load(page)
    assert page.evaluate("openOutbox(3).next().body.number") == 1


@pytest.mark.browser
def test_an_answer_for_a_hand_discarded_meanwhile_changes_nothing(page):
    result = page.evaluate(
        """([draw]) => {
          const outbox = openOutbox(1);
          outbox.add(draw);
          const step = outbox.next();
          localStorage.setItem("mcr-outbox-sheet-42", "[]");  // another tab of this sheet sent it
          const answer = outbox.settle(step.send.client_key, { status: 201, body: { number: 1 } });
          return { answer: answer, next: outbox.serverNext() };
        }""",
        [DRAW],
    )
    assert result == {"answer": {"kind": "stale", "entry": None}, "next": 1}
