"""The busiest write of the day, statement by statement: a hand POSTed by its table's referee.

bench/submission.py compares the hand path with a reference that locks a row and inserts it and
its audit event; every statement below is paid by 150 tablets all day, so the list is pinned
here and a new one must be argued for (docs/deployment.md, Figures)."""

import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from testing.scenarios import STRAIGHT

# What each statement is for, in order.
EXPECTED = [
    ("SELECT", "django_session"),            # the referee's session (sessions live in the database)
    ("SELECT", "tournaments_tournament"),    # the tournament's time zone, for any time in the answer
    ("SELECT", "auth_user"),                 # the referee
    ("BEGIN", ""),                           # one transaction for everything below
    ("SELECT", "tournaments_scoresheet"),    # the sheet, locked FOR UPDATE (tournaments/locks.py), and in
                                             # the same statement the referee's roles and (retries stay
                                             # retries) a take-back that spent the key
    ("SELECT", "penalties_penalty"),         # 3.11.3/3.11.4: may this winner win (one hand-written query)
    ("INSERT", "tournaments_hand"),
    ("UPDATE", "tournaments_scoresheet"),    # the sheet's totals and version
    ("INSERT", "tournaments_auditevent"),    # the audit event, in the same transaction
    ("COMMIT", ""),
]


def _kind(sql: str) -> tuple[str, str]:
    """("SELECT", the table of its first column), ("INSERT"/"UPDATE", its table) or ("BEGIN"/"COMMIT", "")."""
    verb = sql.split()[0].upper()
    if verb in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK"):
        return verb, ""
    pattern = {"SELECT": r'^SELECT\s+"(\w+)"\.', "INSERT": r'^INSERT INTO "(\w+)"', "UPDATE": r'^UPDATE "(\w+)"'}
    found = re.match(pattern.get(verb, r"^$"), sql) or re.search(r"\bFROM \"?(\w+)", sql)  # or hand-written
    return verb, found.group(1) if found else sql[:60]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_hand_costs_these_ten_statements_and_no_more(client_for, referee, sheet):
    client = client_for(referee)
    url = reverse("api-sheet-hands", args=[sheet.pk])

    def post(number):
        body = {"number": number, "client_key": str(uuid.uuid4()), "result": "win", "winner": 2, "discarder": 0,
                "tiles": STRAIGHT}
        return client.post(url, body, content_type="application/json")

    assert post(1).status_code == 201  # caches warmed (content types, the catalogue)
    with CaptureQueriesContext(connection) as queries:
        assert post(2).status_code == 201
    assert [_kind(q["sql"]) for q in queries.captured_queries] == EXPECTED


def test_the_ceiling_patch_still_applies():
    """`make bench-submission-ceiling` measures the hand path against a hand-written-SQL copy made by
    bench/ceiling/hand_path_sql.patch: a change to the hand path must carry the patch along (it broke,
    unseen, twice)."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    checked = subprocess.run(["git", "apply", "--check", "bench/ceiling/hand_path_sql.patch"], cwd=root,
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
