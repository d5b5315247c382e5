"""The audit catalogue, its sentences in three languages, and the audit page (paging, filters, access)."""

import ast
import datetime as dt
import os
import re
import zoneinfo

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scoring.browser_testing import PHONE
from testing.fixtures import make_user
from tournaments.audit import AuditAction, audit_record
from tournaments.core.audit_display import Places, action_choices, describe, fallback, group_labels
from tournaments.models import AuditEvent
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

SHEET, SESSION = 7, 3  # ids of a score sheet (session 2, table 9) and of session 1, in PLACES
PLACES = Places(sheets={SHEET: (2, 9)}, sessions={SESSION: 1})
SHEET_OBJ = ("tournaments.scoresheet", str(SHEET))

# Every action with a detail shaped as its service writes it (see the audit_record calls), the
# object it names, and the sentence in English.
REALISTIC = {
    AuditAction.TOURNAMENT_CREATED: (
        {"name": "Test Open", "planned_sessions": 8}, ("tournaments.tournament", "1"),
        "Tournament “Test Open” created with 8 sessions",
    ),
    AuditAction.TOURNAMENT_UPDATED: (
        {"planned_sessions": ["8", "7"], "status": ["draft", "published"]}, ("tournaments.tournament", "1"),
        "Tournament changed: planned sessions: 8 → 7; status: Draft → Published",
    ),
    AuditAction.TOURNAMENT_STATUS_CHANGED: (
        {"before": "draft", "after": "published", "because": "session_start", "session": 1},
        ("tournaments.tournament", "1"),
        "Tournament Draft → Published, as session 1 started",
    ),
    AuditAction.TOURNAMENT_IMPORTED: (
        {"players": 48, "teams": 12, "sessions": [1, 2, 3, 4, 5, 6], "hands": 320}, ("tournaments.tournament", "1"),
        "Tournament imported from an archive: 48 players, 12 teams, 6 sessions, 320 hands",
    ),
    AuditAction.MEMBERSHIP_GRANTED: (
        {"user": "ref1", "role": "referee", "team": None}, ("tournaments.membership", "4"),
        "Role given to ref1: Referee",
    ),
    AuditAction.MEMBERSHIP_REVOKED: (
        {"user": "leader", "role": "team_leader"}, ("tournaments.membership", "5"),
        "Role taken from leader: Team leader",
    ),
    AuditAction.SESSION_REFEREES_PLANNED: (
        {"session": 2, "tables": [[1, "ref1"], [2, None]]}, ("tournaments.session", "2"),
        "Session 2, referees planned: table 1: ref1, table 2: —",
    ),
    AuditAction.MEMBERSHIP_INVITED: (
        {"role": "chief_referee", "team": None, "email": "chief@example.org"}, ("tournaments.staffinvitation", "1"),
        "Invitation sent to chief@example.org: Chief referee",
    ),
    AuditAction.MEMBERSHIP_INVITATION_ACCEPTED: (
        {"user": "ref2", "role": "referee", "team": None}, ("tournaments.staffinvitation", "2"),
        "ref2 accepted an invitation: Referee",
    ),
    AuditAction.MEMBERSHIP_INVITATION_CANCELLED: (
        {"role": "arbitrator", "team": None}, ("tournaments.staffinvitation", "3"),
        "Invitation cancelled: Arbitration committee member",
    ),
    AuditAction.MEMBERSHIP_ACCOUNT_CREATED: (
        {"user": "leader7", "role": "team_leader", "team": "Osaka Dragons"}, ("auth.user", "9"),
        "Account leader7 created with a one-time password: Team leader of Osaka Dragons",
    ),
    AuditAction.MEMBERSHIP_PASSWORD_SET: (
        {"user": "leader7"}, ("auth.user", "9"), "leader7 replaced their one-time password",
    ),
    AuditAction.MEMBERSHIP_OTP_RENEWED: (
        {"user": "leader7", "expires_at": "2026-11-30T09:00:00+00:00"}, ("auth.user", "9"),
        "New one-time password for leader7, valid until 2026-11-30 09:00",
    ),
    AuditAction.MEMBERSHIP_OTP_REVOKED: (
        {"user": "leader7"}, ("auth.user", "9"), "One-time password of leader7 revoked",
    ),
    AuditAction.PLAYER_LINKED: (
        {"user": "ana", "player": "Ana Li"}, ("tournaments.player", "3"), "Player Ana Li linked to the account ana",
    ),
    AuditAction.TEAM_LEADER_CLEARED: (
        {"team": "Team 1", "entry": 3}, ("tournaments.team", "1"),
        "Team 1 has no team leader any more: entry 3 left the team",
    ),
    AuditAction.REGISTRATION_UPDATED: (
        {"before": {"name": "Ana", "team": "Team 1"}, "after": {"name": "Ana Li", "team": "Team 2"}, "entry": 3},
        ("tournaments.registration", "3"), "Entry 3 changed: name: Ana → Ana Li; team: Team 1 → Team 2",
    ),
    AuditAction.REGISTRATION_ADDED: (
        {"entry": 40, "name": "Ana", "team": None, "redraw": [2, 3]}, ("tournaments.registration", "40"),
        "Entry 40 registered: Ana; the seats of session(s) 2–3 must be drawn again",
    ),
    AuditAction.REGISTRATION_WITHDRAWN: (
        {"entry": 3, "reason": "ill", "seats_in": [2]}, ("tournaments.registration", "3"),
        "Entry 3 withdrew (ill); their tables in session(s) 2 wait for a substitute",
    ),
    AuditAction.REGISTRATION_SUBSTITUTED: (
        {"entry": 3, "substitute": 40, "seats_moved": 2, "withdrew": True, "reason": ""},
        ("tournaments.registration", "3"), "Entry 40 takes the place of entry 3 (2 seats)",
    ),
    AuditAction.REGISTRATION_WITHDRAWAL_UNDONE: (
        {"entry": 3, "reason": "back", "withdrawn_at": "2026-05-01T10:00:00+00:00", "missed": [2]},
        ("tournaments.registration", "3"), "Entry 3's withdrawal undone (back); session(s) 2 were played without them",
    ),
    AuditAction.TOURNAMENT_HIDDEN: (
        {"hidden": True}, ("tournaments.tournament", "1"), "Draft hidden from the home page",
    ),
    AuditAction.REGISTRATION_RESERVE_SET: (
        {"entry": 3, "reserve": True, "seated_from": None, "redraw": [1, 2]}, ("tournaments.registration", "3"),
        "Entry 3 made a reserve (not seated); the seats of session(s) 1–2 must be drawn again",
    ),
    AuditAction.REGISTRATION_DELETED: (
        {"entry": 3, "name": "Ana", "cleared": [], "person_deleted": True}, ("", ""), "Entry 3 deleted: Ana",
    ),
    AuditAction.REGISTRATION_CHECKED_IN: ({"entry": 3}, ("tournaments.registration", "3"), "Entry 3 checked in"),
    AuditAction.REGISTRATION_CHECK_IN_UNDONE: (
        {"entry": 3}, ("tournaments.registration", "3"), "Check-in of entry 3 undone",
    ),
    AuditAction.PINS_ISSUED: ({"count": 48}, ("", ""), "Confirmation PINs issued to 48 players"),
    AuditAction.PIN_REISSUED: (
        {"entry": 3, "how": "staff"}, ("tournaments.registration", "3"), "New confirmation PIN issued to entry 3",
    ),
    AuditAction.IMPORT_QUEUED: (
        {"kind": "players", "filename": "players.csv", "bytes": 2048}, ("tournaments.importjob", "2"),
        "Roster file “players.csv” uploaded (Players)",
    ),
    AuditAction.DOCUMENT_REQUESTED: (
        {"kind": "session-sheets", "filename": "score-sheets-s3-filled.pdf"}, ("tournaments.printjob", "7"),
        "Document “score-sheets-s3-filled.pdf” requested (made by the worker)",
    ),
    AuditAction.IMPORT_DONE: (
        {"kind": "players", "rows": 48, "problems": 0}, ("tournaments.importjob", "2"),
        "Roster file imported (Players): 48 rows",
    ),
    AuditAction.IMPORT_FAILED: (
        {"kind": "teams", "rows": 0, "problems": 3}, ("tournaments.importjob", "2"),
        "Roster file rejected (Teams): 3 problems",
    ),
    AuditAction.TABLES_CREATED: ({"numbers": list(range(1, 13))}, ("", ""), "Tables 1–12 created"),
    AuditAction.SESSION_SEATS_SET: (
        {"tables": {"1": [1, 2, 3, 4], "2": [5, 6, 7, 8]}, "session": 2}, ("tournaments.session", "4"),
        "Seats set for session 2: 2 tables",
    ),
    AuditAction.GROUP_CREATED: ({"group": "Club A"}, ("tournaments.group", "1"), "Group “Club A” created"),
    AuditAction.GROUP_RENAMED: (
        {"group": "Club B", "before": "Club A"}, ("tournaments.group", "1"), "Group “Club A” renamed “Club B”",
    ),
    AuditAction.GROUP_DELETED: (
        {"group": "Club A", "members": [3, 4]}, ("tournaments.group", "1"), "Group “Club A” deleted",
    ),
    AuditAction.REGISTRATION_GROUP_SET: (
        {"entry": 3, "group": "Club A"}, ("tournaments.registration", "3"), "Entry 3 put in group “Club A”",
    ),
    AuditAction.SESSION_QUALIFICATION_SET: (
        {"session": 7, "qualification": "top", "count": 16, "entries": list(range(1, 17)), "seats_cleared": 0},
        ("tournaments.session", "4"), "Session 7: 16 qualifiers play",
    ),
    AuditAction.SESSION_STARTED: (
        {"tables": 12, "session": 2}, ("tournaments.session", "4"), "Session 2 started at 12 tables",
    ),
    AuditAction.SESSION_ENDED: (
        {"closed_tables": [3, 5], "session": 2}, ("tournaments.session", "4"),
        "Session 2 ended; time was up at tables 3, 5",
    ),
    AuditAction.SESSION_SCHEDULED: (
        {"scheduled_start": "2026-05-01T09:00:00+08:00", "session": 2}, ("tournaments.session", "4"),
        "Session 2 scheduled to start at 2026-05-01 09:00",
    ),
    AuditAction.SHEET_REFEREE_ASSIGNED: ({"referee": "ref1"}, SHEET_OBJ, "Referee ref1 assigned — session 2, table 9"),
    AuditAction.HAND_RECORDED: (
        {"sheet": SHEET, "number": 3, "result": "win", "deltas": [-31, -8, 47, -8], "tiles": "123m456m789m123p5p+5p",
         "sheet_status": "open"}, ("tournaments.hand", "30"), "Hand 3 recorded — session 2, table 9",
    ),
    AuditAction.HAND_CORRECTED: (
        {"sheet": SHEET, "number": 3, "reason": "South won", "before": {"deltas": [0, 0, 0, 0]},
         "after": {"result": "win", "tiles": "", "deltas": [-8, 24, -8, -8]}, "sheet_status": "locked"},
        ("tournaments.hand", "30"), "Hand 3 corrected — session 2, table 9: South won",
    ),
    AuditAction.HAND_DELETED: (
        {"sheet": SHEET, "number": 16, "deltas": [0, 0, 0, 0], "tiles": "", "sheet_status": "open"},
        ("tournaments.hand", "31"), "Hand 16 taken back — session 2, table 9",
    ),
    AuditAction.HAND_OBJECTION_RECORDED: (
        {"sheet": SHEET, "number": 3, "objection": 12, "text": "63 is not there", "seat": 1},
        ("tournaments.handobjection", "12"),
        "Objection on hand 3 recorded at the table (#12): 63 is not there — session 2, table 9",
    ),
    AuditAction.SHEET_CLOSED: (
        {"hands": 12, "ended_by_time": True}, SHEET_OBJ,
        "Score sheet closed at time-up after 12 hands — session 2, table 9",
    ),
    AuditAction.SHEET_CONFIRMED: ({"entry": 5}, SHEET_OBJ, "Entry 5 confirmed the score sheet — session 2, table 9"),
    AuditAction.SHEET_LOCKED: (
        {"unconfirmed": [4], "reason": "4 left ill"}, SHEET_OBJ,
        "Score sheet signed without the confirmation of entry 4 — session 2, table 9: 4 left ill",
    ),
    AuditAction.SHEET_REMARKS_SET: (
        {"remarks": "Entry 4 asked for a ruling at hand 3", "before": ""}, SHEET_OBJ,
        "Score sheet remarks written — session 2, table 9: Entry 4 asked for a ruling at hand 3",
    ),
    AuditAction.STANDINGS_RECOMPUTED: (
        {"version": 5, "players": 48}, ("tournaments.standingssnapshot", "9"), "Standings recomputed: version 5",
    ),
    AuditAction.STANDINGS_RECOMPUTE_REQUESTED: (
        {"version": 4}, ("tournaments.tournament", "1"), "Standings recomputation requested",
    ),
    AuditAction.SEATING_CHART_GENERATED: (
        {"seed": 42, "avoid_country": True, "sessions": [2, 3, 4, 5, 6], "locked": [1], "metrics": {"repeats": 0}},
        ("tournaments.tournament", "1"), "Seating chart drawn for sessions 2–6 (seed 42), compatriots apart",
    ),
    AuditAction.SEATING_SEATS_SWAPPED: (
        {"session": 2, "entries": [3, 7], "from": [[1, 0], [2, 3]], "warnings": []}, ("tournaments.session", "4"),
        "Entries 3 and 7 swapped seats in session 2",
    ),
    AuditAction.SEATING_SEATED_BY_STANDINGS: (
        {"session": 4, "method": "snake", "seed": 0, "avoid_country": False, "warnings": 0},
        ("tournaments.session", "6"), "Session 4 seated by the standings: Snake",
    ),
    AuditAction.PENALTY_RECORDED: (
        {"sheet": SHEET, "foul": "violation", "article": "3.11.2.2", "offender": 12, "hand": 3, "points": 10,
         "sanction": "deduction", "victim": None, "occurrence": 1, "forfeit": False}, ("penalties.penalty", "8"),
        "Penalty: 10 points deducted from entry 12 (3.11.2.2) — session 2, table 9, hand 3",
    ),
    AuditAction.PENALTY_CANCELLED: (
        {"reason": "misheard", "foul": "violation", "offender": 12, "sheet": SHEET, "hand": 3, "article": "3.11.2.2"},
        ("penalties.penalty", "8"), "Penalty of entry 12 cancelled (3.11.2.2) — session 2, table 9, hand 3: misheard",
    ),
    AuditAction.PENALTY_RENUMBERED: (
        {"after_cancelling": 8, "hand": 3, "foul": "empty_call", "offender": 12, "sheet": SHEET,
         "changed": [{"penalty": 9, "occurrence": [2, 1], "points": [5, 0]}]}, ("penalties.penalty", "8"),
        "1 penalty of entry 12 renumbered after a cancellation — session 2, table 9, hand 3",
    ),
    AuditAction.PENALTY_DISQUALIFICATION_ARRANGED: (
        {"arrangement": "substitute", "substitute": 40, "seats_moved": 3, "offender": 12}, ("penalties.penalty", "8"),
        "Substitute entry 40 takes 3 seats of disqualified entry 12",
    ),
    AuditAction.PENALTY_DISQUALIFICATION_SEATS_RETURNED: (
        {"player": 12, "substitute": 40, "seats_returned": 3}, ("penalties.penalty", "8"),
        "Entry 12 gets back 3 seats from substitute entry 40",
    ),
    AuditAction.PENALTY_RANK_CANCELLED: (
        {"entry": 12, "article": "3.11.5", "reason": "Collusion found after the event"},
        ("penalties.rankcancellation", "3"),
        "Rank of entry 12 cancelled, name struck from the results (3.11.5) — Collusion found after the event",
    ),
    AuditAction.PENALTY_RANK_RESTORED: (
        {"entry": 12, "article": "3.11.5", "reason": "Appeal upheld"}, ("penalties.rankcancellation", "3"),
        "Rank cancellation of entry 12 withdrawn (3.11.5) — Appeal upheld",
    ),
    AuditAction.PENALTY_RANK_SUBSTITUTE: (
        {"entry": 12, "substitute": 40, "seats_moved": 1}, ("penalties.rankcancellation", "3"),
        "Substitute entry 40 takes 1 seat of entry 12, whose rank is cancelled",
    ),
    AuditAction.SESSION_TABLES_STARTED: (
        {"session": 1, "tables": [3]}, ("tournaments.session", str(SESSION)),
        "Session 1: held table 3 started",
    ),
    AuditAction.PENALTY_POLICY_UPDATED: (
        {"escalation": ["double", "flat"]}, ("penalties.penaltypolicy", "1"),
        "Penalty settings changed: escalation after 20: Keeps doubling after 20 (40, 80, …) → "
        "20 each time after the fourth",
    ),
    AuditAction.APPEAL_FILED: (
        {"subject": "penalty", "category": "rules", "category_sent": "rules", "stage": "chief_referee",
         "appellant": 12, "fee": "200.00 USD"}, ("appeals.appeal", "5"),
        "Appeal #5 filed by entry 12: A penalty; fee 200.00 USD",
    ),
    AuditAction.APPEAL_SIGNED: (
        {"as": ["appellant", "leader"]}, ("appeals.appeal", "5"),
        "Appeal #5 signed by the appellant and the team leader",
    ),
    AuditAction.APPEAL_PAPER_SIGNATURE_RECORDED: (
        {"as": "leader"}, ("appeals.appeal", "5"),
        "The team leader's signature on the paper form of appeal #5 recorded",
    ),
    AuditAction.APPEAL_UPHELD: (
        {"stage": "chief_referee", "reasons": "the foul was not seen", "remedy": {}, "fee": "refunded"},
        ("appeals.appeal", "5"), "Appeal #5 upheld (Chief referee): the foul was not seen",
    ),
    AuditAction.APPEAL_REJECTED: (
        {"stage": "arbitration", "reasons": "the rule is clear", "remedy": {}, "fee": "forfeited"},
        ("appeals.appeal", "5"), "Appeal #5 rejected (Arbitration committee): the rule is clear",
    ),
    AuditAction.APPEAL_ESCALATED: ({}, ("appeals.appeal", "5"), "Appeal #5 taken to the arbitration committee"),
    AuditAction.APPEAL_FEE_RECEIVED: (
        {"fee": "200.00 USD"}, ("appeals.appeal", "5"), "Fee 200.00 USD of appeal #5 received",
    ),
    AuditAction.APPEAL_FEE_REFUNDED: (
        {"fee": "200.00 USD", "stage": "chief_referee"}, ("appeals.appeal", "5"),
        "Fee 200.00 USD of appeal #5 refunded",
    ),
    AuditAction.APPEAL_FEE_FORFEITED: (
        {"fee": "1500.00 CNY", "stage": "arbitration"}, ("appeals.appeal", "5"),
        "Fee 1500.00 CNY of appeal #5 forfeited",
    ),
    AuditAction.APPEAL_POLICY_UPDATED: (
        {"before": {"window_minutes": 30, "fee": "200.00 USD", "other_appeals_body": "arbitration"},
         "after": {"window_minutes": 45, "fee": "200.00 USD", "other_appeals_body": "organizer"}},
        ("appeals.appealpolicy", "1"),
        "Appeal settings changed: minutes to appeal after a session: 30 → 45; "
        "other appeals go to: The arbitration committee → The organizers",
    ),
    # The Pin register (pin_ranking; its sentences are the app's).
    AuditAction.PIN_COMPETITION_REGISTERED: (
        {"level": "world", "class": "A", "players": 96, "sessions": 8, "standings_version": 40, "results": 96,
         "reason": ""}, ("pin_ranking.competition", "3"),
        "Registered for the Pin at level world: class A, 96 players, 8 sessions, standings version 40",
    ),
    AuditAction.PIN_COMPETITION_UNREGISTERED: (
        {"name": "Test Open", "reason": "not archived"}, ("pin_ranking.competition", "3"),
        "Pin registration of “Test Open” withdrawn: not archived",
    ),
    AuditAction.PIN_RESULTS_IMPORTED: (
        {"name": "Riichi Cup", "results": 64}, ("pin_ranking.competition", "4"),
        "Results of “Riichi Cup” imported for the Pin: 64 players",
    ),
    AuditAction.PIN_RESULTS_IMPORT_REJECTED: (
        {"file": "cup.csv", "problems": 3}, ("pin_ranking.resultsimport", "2"),
        "Results file “cup.csv” rejected: 3 problems",
    ),
    AuditAction.PIN_RESULTS_CORRECTED: (
        {"standings_version": 41, "changed": 2}, ("pin_ranking.competition", "3"),
        "Pin results corrected from standings version 41: 2 players changed",
    ),
    AuditAction.PIN_CERTIFICATE_SIGNED: (
        {"count": 96, "name": "Test Open"}, ("pin_ranking.competition", "3"), "96 results certificates signed",
    ),
    AuditAction.PIN_CERTIFICATE_SUPERSEDED: (
        {"code": "7KQ4-MZ2D-9XHP", "name": "Ana García", "replacement": "8KQ4-MZ2D-9XHP"},
        ("pin_ranking.resultcertificate", "9"),
        "Results certificate 7KQ4-MZ2D-9XHP of Ana García superseded by a correction",
    ),
    AuditAction.PIN_REGISTER_UPDATED: (
        {"edition": ["2014", "2006"], "standards_version": 2, "rerouted": 3}, ("pin_ranking.pinregister", "1"),
        "Pin register now follows the 2006 edition (3 open applications re-routed)",
    ),
    AuditAction.PIN_LEDGERS_RECOMPUTED: (
        {"players": 96, "changed": 12, "reason": "registered", "full": False}, ("", ""),
        "Pin ledgers recomputed: 12 ledgers changed",
    ),
    AuditAction.PIN_COMMITTEE_SEAT_GRANTED: (
        {"user": "pin", "committee": "World Pin Committee"}, ("pin_ranking.committeeseat", "1"),
        "pin given a seat on World Pin Committee",
    ),
    AuditAction.PIN_APPLICATION_FILED: (
        {"player": 3, "track": "pin", "pin": 7, "committee": "CN", "ledger_version": 2, "on_behalf": True},
        ("pin_ranking.application", "1"),
        "Application for Pin 7 filed to CN (ledger version 2), on the player's behalf",
    ),
    AuditAction.PIN_APPLICATION_DECIDED: (
        {"decision": "approve", "pin": 7, "track": "pin", "reason": "", "number": "P2026-00001"},
        ("pin_ranking.application", "1"), "Pin application approved: Pin 7, certificate P2026-00001",
    ),
    AuditAction.PIN_APPLICATION_ANSWERED: (
        {"changed": ["age", "id_number"], "results_refreshed": False, "version": 3},
        ("pin_ranking.application", "1"), "The player answered the committee (version 3)",
    ),
    AuditAction.PIN_APPLICATION_CONFIRMED: (
        {"version": 2}, ("pin_ranking.application", "1"),
        "The player confirmed the application filed on their behalf and accepted the pledge",
    ),
    AuditAction.PIN_COMMITTEE_CREATED: (
        {"name": "CMA Pin Committee", "kind": "member", "country": "CN"}, ("pin_ranking.committee", "2"),
        "Pin committee “CMA Pin Committee” created (member, CN)",
    ),
    AuditAction.PIN_AWARDS_IMPORTED: (
        {"file": "register-2019.csv", "awards": 2}, ("", ""),
        "2 Pins imported from an earlier register's file “register-2019.csv”",
    ),
    AuditAction.PIN_CLAIM_FILED: (
        {"player": 7, "name": "Zhang San"}, ("pin_ranking.accountclaim", "1"),
        "An account claimed the Pin record of Zhang San (record 7)",
    ),
    AuditAction.PIN_CLAIM_DECIDED: (
        {"player": 7, "name": "Zhang San", "confirmed": False, "reason": "not the same club"},
        ("pin_ranking.accountclaim", "1"), "Claim of the Pin record of Zhang San refused — not the same club",
    ),
    AuditAction.PIN_COMMITTEE_RETIRED: (
        {"name": "JAPAN Pin Committee", "kind": "member", "country": "JAPAN", "reason": "made by mistake"},
        ("pin_ranking.committee", "3"), "Pin committee “JAPAN Pin Committee” retired — made by mistake",
    ),
    AuditAction.PIN_COMMITTEE_CHANGED: (
        {"name": "WMO Pin Committee"}, ("pin_ranking.committee", "1"), "Pin committee renamed “WMO Pin Committee”",
    ),
    AuditAction.PIN_COMMITTEE_SEAT_REVOKED: (
        {"user": "pin", "committee": "World Pin Committee"}, ("pin_ranking.committee", "1"),
        "pin no longer sits on World Pin Committee",
    ),
    AuditAction.PIN_REGISTER_ADMIN_GRANTED: (
        {"user": "bob"}, ("auth.user", "7"), "bob named administrator of the Pin register",
    ),
    AuditAction.PIN_REGISTER_ADMIN_REVOKED: (
        {"user": "bob"}, ("auth.user", "7"), "bob is no longer administrator of the Pin register",
    ),
    AuditAction.PIN_RESULTS_IMPORT_REVIEW: (
        {"file": "lyon.csv", "unknown": 2, "names": 1}, ("pin_ranking.resultsimport", "4"),
        "Results file “lyon.csv” waits for review: 2 unknown players, 1 differing names",
    ),
    AuditAction.PIN_PLAYERS_MERGED: (
        {"kept": 3, "merged": 9, "results": [4, 5], "awards": [], "reason": "same person, no ID"},
        ("pin_ranking.playermerge", "1"), "Player 9 merged into player 3 (2 results moved): same person, no ID",
    ),
    AuditAction.PIN_PLAYERS_MERGE_UNDONE: (
        {"kept": 3, "merged": 9}, ("pin_ranking.playermerge", "1"), "Merge of player 9 into player 3 undone",
    ),
    AuditAction.API_TOKEN_CREATED: (
        {"device": "tablet 3", "expires_at": "2027-02-27T10:00:00+00:00"}, ("api_tokens.apitoken", "2"),
        "API token made for tablet 3",
    ),
    AuditAction.API_TOKEN_REVOKED: ({"device": "tablet 3"}, ("api_tokens.apitoken", "2"),
                                    "API token of tablet 3 revoked"),
    AuditAction.TEAM_CREATED: (
        {"name": "Kyoto", "country": "JP"}, ("tournaments.team", "3"), "Team “Kyoto” created",
    ),
    AuditAction.TEAM_DELETED: ({"name": "Kyoto"}, ("tournaments.team", "3"), "Team “Kyoto” deleted"),
    AuditAction.ENTRIES_WINDOW_SET: (
        {"created": True, "opens_at": "2026-12-01T09:00:00+00:00", "closes_at": "2027-01-31T18:00:00+00:00",
         "capacity": 300, "quotas": {"CN": 100}, "fee": "40.00", "currency": "EUR"}, ("entries.entrywindow", "1"),
        "Entries set: 300 places, from 2026-12-01 09:00 to 2027-01-31 18:00",
    ),
    AuditAction.ENTRY_SUBMITTED: (
        {"name": "Li Ming", "country": "CN", "privacy_notice": "2026-11"}, ("entries.entry", "7"),
        "Li Ming (CN) entered, waiting for the e-mail confirmation",
    ),
    AuditAction.ENTRY_CONFIRMED: (
        {"name": "Li Ming", "from": "unconfirmed", "to": "waiting", "queue": 12}, ("entries.entry", "7"),
        "Li Ming: Unconfirmed → Waiting",
    ),
    AuditAction.ENTRY_OFFERED: (
        {"name": "Li Ming", "from": "waiting", "to": "offered", "until": "2026-12-04T10:00:00+00:00"},
        ("entries.entry", "7"), "Li Ming: Waiting → Place offered",
    ),
    AuditAction.ENTRY_ACCEPTED: (
        {"name": "Li Ming", "from": "offered", "to": "entered"}, ("entries.entry", "7"),
        "Li Ming: Place offered → Entered",
    ),
    AuditAction.ENTRY_PAID: (
        {"name": "Li Ming", "from": "entered", "to": "paid", "payment": "transfer", "reference": "MCR1-7"},
        ("entries.entry", "7"), "Li Ming: Entered → Paid",
    ),
    AuditAction.ENTRY_REFUNDED: ({"name": "Li Ming"}, ("entries.entry", "7"), "Li Ming: entry fee refunded"),
    AuditAction.ENTRY_WITHDRAWN: (
        {"name": "Li Ming", "from": "paid", "to": "withdrawn", "reason": "ill", "refund": "due"},
        ("entries.entry", "7"), "Li Ming: Paid → Withdrawn (ill)",
    ),
    AuditAction.ENTRY_CANCELLED: (
        {"name": "Li Ming", "from": "waiting", "to": "cancelled", "reason": "no federation", "refund": ""},
        ("entries.entry", "7"), "Li Ming: Waiting → Cancelled (no federation)",
    ),
    AuditAction.ENTRY_EXPIRED: (
        {"name": "Li Ming", "from": "offered", "to": "expired", "offer": True}, ("entries.entry", "7"),
        "Li Ming: Place offered → Expired",
    ),
    AuditAction.ENTRY_MOVED: (
        {"name": "Li Ming", "from": 5, "to": 1}, ("entries.entry", "7"),
        "Li Ming moved on the waiting list from position 5 to 1",
    ),
    AuditAction.ENTRY_ACCOUNT_LINKED: (
        {"name": "Li Ming", "user": "liming"}, ("entries.entry", "7"), "Li Ming: entry kept in the account liming",
    ),
    AuditAction.ENTRY_MAIL_CONSENT: (
        {"name": "Li Ming", "consent": False}, ("entries.entry", "7"), "Li Ming withdrew their consent to mail",
    ),
    AuditAction.ENTRIES_MAILED: (
        {"kind": "schedule", "count": 12}, ("", ""), "12 mails to the entrants: seats and times",
    ),
    AuditAction.PRIVACY_EXPORT_REQUESTED: ({}, ("privacy.datarequest", "3"), "A person asked for their data"),
    AuditAction.PRIVACY_ERASURE_REQUESTED: (
        {"pseudonym": True}, ("privacy.datarequest", "4"), "A person asked for their erasure (under a pseudonym)",
    ),
    AuditAction.PRIVACY_ERASURE_DECIDED: (
        {"approved": True, "pseudonym": True, "kept": {"registrations": 2, "pin_records": 1}},
        ("privacy.datarequest", "4"), "Erasure done; 2 registration(s) kept with the results",
    ),
    AuditAction.PRIVACY_RETENTION_RUN: (
        {"contacts": 40, "entries": 3, "mails": 120, "pin_forms": 2, "exports": 1}, ("", ""),
        "Retention: 40 contact(s), 3 entry(ies), 120 mail(s), 2 Pin form(s) and 1 expired export(s) deleted",
    ),
    AuditAction.PIN_AWARD_ENTERED: (
        {"number": "CMA-2005-12", "name": "Wang Fang", "pin": 6, "track": "pin", "awarded_on": "2005-06-01"},
        ("pin_ranking.pinaward", "1"), "Paper certificate CMA-2005-12 entered: Wang Fang, Pin 6 awarded on 2005-06-01",
    ),
}


def event_of(action, detail, obj=("", ""), **fields):
    object_type, object_id = obj
    return AuditEvent(action=action, detail=detail, object_type=object_type, object_id=object_id, **fields)


# --- the catalogue ------------------------------------------------------------------------------


def test_every_action_has_a_translated_label():
    assert len(AuditAction) >= 44
    for action in AuditAction:
        english = str(action.label)
        assert english and english != action.value
        for language in ("zh-hans", "ja"):
            with translation.override(language):
                assert str(action.label) not in ("", english), (language, action)


def test_every_action_is_in_one_group_of_the_filter():
    prefixes = [prefix for _label, group in group_labels() for prefix in group]
    for action in AuditAction:
        assert prefixes.count(action.value.split(".")[0]) == 1, action
    listed = [value for _group, choices in action_choices() for value, _label in choices]
    assert sorted(listed) == sorted(AuditAction.values)


def test_every_action_has_a_sentence_for_a_realistic_detail():
    assert set(REALISTIC) == set(AuditAction), "give each new action a realistic detail here"
    for action, (detail, obj, english) in REALISTIC.items():
        event = event_of(action, detail, obj)
        assert describe(event, PLACES) == english, action
        assert english != fallback(event)
        for language in ("zh-hans", "ja"):
            with translation.override(language):
                sentence = describe(event, PLACES)
                assert sentence not in (english, fallback(event)), (language, action, sentence)
                assert not re.search(r"[{}\[\]]|%\(", sentence), sentence  # no JSON, no unfilled placeholder


@pytest.mark.parametrize(
    "language, action, expected",
    [
        ("zh-hans", AuditAction.HAND_RECORDED, "第 2 局第 9 桌：第 3 盘已记录"),
        ("ja", AuditAction.HAND_RECORDED, "第 2 回戦 第 9 卓：第 3 局を記録"),
        ("zh-hans", AuditAction.SESSION_STARTED, "第 2 局开始，共 12 桌"),
        ("ja", AuditAction.SESSION_STARTED, "第 2 回戦を開始（12 卓）"),
        ("zh-hans", AuditAction.SHEET_REFEREE_ASSIGNED, "第 2 局第 9 桌：指派裁判员 ref1"),
        ("ja", AuditAction.SHEET_REFEREE_ASSIGNED, "第 2 回戦 第 9 卓：審判 ref1 を割り当て"),
        ("zh-hans", AuditAction.PENALTY_RECORDED, "第 2 局第 9 桌第 3 盘：参赛号 12 被扣 10 分（3.11.2.2）"),
        ("ja", AuditAction.PENALTY_RECORDED, "第 2 回戦 第 9 卓 第 3 局：参加番号 12 を 10 点減点（3.11.2.2）"),
        ("zh-hans", AuditAction.HAND_CORRECTED, "第 2 局第 9 桌：第 3 盘已更正。理由：South won"),
        ("ja", AuditAction.HAND_CORRECTED, "第 2 回戦 第 9 卓：第 3 局を訂正。理由：South won"),
    ],
)
def test_sentences_use_the_rulebook_terms(language, action, expected):
    detail, obj, _english = REALISTIC[action]
    with translation.override(language):
        assert describe(event_of(action, detail, obj), PLACES) == expected


def test_old_and_unknown_events_fall_back_to_label_and_pairs():
    # A detail without the keys its sentence needs (an older shape).
    event = event_of(AuditAction.HAND_RECORDED, {"sheet_status": "open", "deltas": [1, -1, 0, 0], "extra": {"a": None}})
    assert describe(event, PLACES) == "Hand recorded: sheet status: open; deltas: 1, -1, 0, 0; extra: a: —"
    # An action no longer in the catalogue keeps its code.
    assert describe(event_of("bench.ping", {"n": True}), PLACES) == "bench.ping: n: yes"
    assert describe(event_of("bench.ping", {}), PLACES) == "bench.ping"
    # A score sheet not found: the sentence without the place.
    assert describe(event_of(AuditAction.HAND_RECORDED, {"sheet": 999, "number": 3}), PLACES) == "Hand 3 recorded"
    # A session event written before it kept its number: the number is looked up.
    old = event_of(AuditAction.SESSION_STARTED, {"tables": 3}, ("tournaments.session", str(SESSION)))
    assert describe(old, PLACES) == "Session 1 started at 3 tables"


@pytest.mark.django_db
def test_audit_record_refuses_an_action_outside_the_catalogue(organizer, tournament):
    before = AuditEvent.objects.count()
    for action in ("hand.recordd", "", None, "HAND_RECORDED"):
        with pytest.raises(ValueError, match="not in the audit catalogue"):
            audit_record(actor=organizer, tournament=tournament, action=action)
    assert AuditEvent.objects.count() == before
    # A member is stored under its code, as events always were.
    event = audit_record(actor=organizer, tournament=tournament, action=AuditAction.PINS_ISSUED, detail={"count": 0})
    event.refresh_from_db()
    assert event.action == "pins.issued"


def _audit_calls(root):
    """(path, line, action node) of every audit_record(...) call in the code (tests excluded)."""
    skip = {".venv", "var", "node_modules", ".git", "tests", "migrations", "__pycache__", "staticfiles"}
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if name not in skip]
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as source:
                tree = ast.parse(source.read(), filename=path)
            for node in ast.walk(tree):
                name = getattr(node, "func", None)
                if isinstance(node, ast.Call) and getattr(name, "id", getattr(name, "attr", None)) == "audit_record":
                    action = next((keyword.value for keyword in node.keywords if keyword.arg == "action"), None)
                    yield os.path.relpath(path, root), node.lineno, action


def _members(node) -> list[str] | None:
    """The AuditAction members an action= expression can give, or None if it may give anything else."""
    if isinstance(node, ast.Attribute) and (
        getattr(node.value, "id", None) == "AuditAction" or getattr(node.value, "attr", None) == "AuditAction"
    ):
        return [node.attr]
    if isinstance(node, ast.IfExp):  # AuditAction.A if ... else AuditAction.B
        body, orelse = _members(node.body), _members(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def test_every_audit_record_call_passes_a_catalogue_member():
    calls = list(_audit_calls(settings.BASE_DIR))
    # The scan finds the calls of the core and of every app above it.
    assert len(calls) >= 40
    apps_seen = {path.split(os.sep)[0] for path, _line, _action in calls}
    assert apps_seen >= {"tournaments", "seating", "penalties", "appeals"}
    strays, used = [], set()
    for path, line, action in calls:
        members = _members(action) if action is not None else None
        if members is None:
            strays.append(f"{path}:{line}")
            continue
        for member in members:
            assert hasattr(AuditAction, member), f"{path}:{line}: AuditAction.{member}"
            used.add(member)
    assert strays == [], "pass action=AuditAction.<MEMBER>"
    # Nothing listed that no service writes: the catalogue is the list of what happens.
    assert sorted(set(AuditAction.names) - used) == []


# --- the page -----------------------------------------------------------------------------------


def audit_url(tournament, **query):
    from urllib.parse import urlencode

    return reverse("tournaments:audit", args=[tournament.pk]) + (f"?{urlencode(query)}" if query else "")


@pytest.fixture
def hands(referee, sheet):
    """Hands 1-3 at table 1 of session 1."""
    for number in (1, 2, 3):
        sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="draw"))
    return sheet


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, title, sentence, label",
    [
        ("en", "Audit log", "Hand 3 recorded as a draw — session 1, table 1", "Hand recorded"),
        ("zh-hans", "审计日志", "第 1 局第 1 桌：第 3 盘记录为荒牌", "记录一盘"),
        ("ja", "監査ログ", "第 1 回戦 第 1 卓：第 3 局を流局として記録", "局の記録"),
    ],
)
def test_the_page_shows_sentences_in_the_reader_language(
    client_for, organizer, hands, language, title, sentence, label
):
    response = client_for(organizer).get(audit_url(hands.session.tournament), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    assert f"<h1>{title}</h1>" in page
    assert sentence in page and label in page
    assert "hand.recorded" not in page.replace('value="hand.recorded"', "")  # codes only as the filter's values
    assert "{&#x27;" not in page and "{'" not in page  # no raw detail


@pytest.mark.django_db
def test_times_are_shown_in_the_venue_time_zone(client_for, organizer, tournament, settings):
    # The venue's zone is the tournament's own (issue 13), not the server's DJANGO_TIME_ZONE.
    from tournaments.core.services import tournament_update

    tournament_update(actor=organizer, tournament=tournament, time_zone="Asia/Shanghai")
    event = audit_record(actor=organizer, tournament=tournament, action=AuditAction.PINS_ISSUED, detail={"count": 2})
    venue = event.created_at.astimezone(zoneinfo.ZoneInfo("Asia/Shanghai"))
    utc = event.created_at.astimezone(dt.UTC)
    page = client_for(organizer).get(audit_url(tournament)).content.decode()
    assert f"{venue:%Y-%m-%d} <span>{venue:%H:%M:%S}</span>" in page
    assert f"{utc:%Y-%m-%d} <span>{utc:%H:%M:%S}</span>" not in page


def _events(tournament, actor, action, count, **fields):
    return AuditEvent.objects.bulk_create(
        AuditEvent(tournament=tournament, actor=actor, action=action, detail={"entry": n}, **fields)
        for n in range(1, count + 1)
    )


def sentences(page: str) -> list[str]:
    return re.findall(r'<td class="audit-sentence">(.*?)</td>', page)


@pytest.mark.django_db
def test_paging_fifty_a_page_with_links_that_keep_the_filter(client_for, organizer, tournament):
    _events(tournament, organizer, AuditAction.REGISTRATION_CHECKED_IN, 120)
    client = client_for(organizer)
    first = client.get(audit_url(tournament, action="registration.checked_in")).content.decode()
    assert "120 events" in first
    assert sentences(first) == [f"Entry {n} checked in" for n in range(120, 70, -1)]  # newest first
    assert 'href="?action=registration.checked_in&amp;page=2"' in first
    assert 'href="?action=registration.checked_in&amp;page=3"' in first
    last = client.get(audit_url(tournament, action="registration.checked_in", page=3)).content.decode()
    assert sentences(last) == [f"Entry {n} checked in" for n in range(20, 0, -1)]
    assert 'aria-current="page">3<' in last and 'href="?action=registration.checked_in&amp;page=2"' in last
    # A page out of range or not a number shows the last or the first page.
    assert "Entry 1 checked in" in client.get(audit_url(tournament, page=99)).content.decode()
    assert client.get(audit_url(tournament, page="x")).status_code == 200


@pytest.mark.django_db
def test_filter_by_action_and_by_actor(client_for, organizer, referee, tournament):
    _events(tournament, organizer, AuditAction.REGISTRATION_CHECKED_IN, 2)
    _events(tournament, referee, AuditAction.REGISTRATION_CHECK_IN_UNDONE, 3)
    client = client_for(organizer)
    page = client.get(audit_url(tournament)).content.decode()
    # The select lists the catalogue's labels, grouped; and the people of the trail.
    assert '<optgroup label="Tournament, staff and players">' in page
    assert '<option value="registration.check_in_undone">Check-in undone</option>' in page
    assert '<option value="referee">referee</option>' in page

    by_action = client.get(audit_url(tournament, action="registration.check_in_undone")).content.decode()
    assert sentences(by_action) == [f"Check-in of entry {n} undone" for n in (3, 2, 1)]
    by_actor = client.get(audit_url(tournament, actor="organizer")).content.decode()
    assert sentences(by_actor) == [
        "Entry 2 checked in", "Entry 1 checked in", "Tournament “Test Open” created with 6 sessions"
    ]
    both = client.get(audit_url(tournament, action="registration.checked_in", actor="referee")).content.decode()
    assert sentences(both) == [] and "No events match." in both
    # htmx asks for the list alone.
    partial = client.get(audit_url(tournament, actor="referee"), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and len(sentences(partial)) == 3


@pytest.mark.django_db
def test_a_filter_outside_the_choices_is_an_error_not_a_crash(client_for, organizer, tournament):
    _events(tournament, organizer, AuditAction.REGISTRATION_CHECKED_IN, 2)
    response = client_for(organizer).get(audit_url(tournament, action="no.such", actor="organizer"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Select a valid choice" in page
    assert len(sentences(page)) == 3  # the valid filter still applies: the organizer's events


@pytest.mark.django_db
def test_the_query_count_does_not_grow_with_the_events(client_for, organizer, referee, hands):
    tournament = hands.session.tournament
    client = client_for(organizer)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(audit_url(tournament)).status_code == 200
        return len(captured)

    # Session events written before they kept their number: the numbers are looked up too.
    session = {"object_type": "tournaments.session", "object_id": str(hands.session_id)}
    _events(tournament, organizer, AuditAction.SESSION_ENDED, 1, **session)
    queries()  # the tournament's time zone is cached by the first page (tournaments.middleware)
    few = queries()
    for number in range(4, 17):
        sheet_services.hand_record(actor=referee, sheet_id=hands.pk, number=number, entry=HandEntry(result="draw"))
    _events(tournament, make_user("clerk"), AuditAction.SESSION_ENDED, 30, **session)
    _events(tournament, referee, AuditAction.REGISTRATION_CHECKED_IN, 10)
    assert AuditEvent.objects.filter(tournament=tournament).count() > 50
    page = client.get(audit_url(tournament)).content.decode()
    assert "Session 1 ended" in sentences(page) and "Hand 16 recorded as a draw — session 1, table 1" in page
    assert queries() == few


@pytest.mark.django_db
def test_who_sees_the_audit_page(client_for, tournament, organizer, chief_referee, arbitrator, referee, outsider):
    url = audit_url(tournament)
    for user in (organizer, chief_referee, arbitrator):
        assert client_for(user).get(url).status_code == 200
    for user in (referee, outsider):
        assert client_for(user).get(url).status_code == 404
    assert client_for(None).get(url).status_code == 302  # to the login page


@pytest.mark.browser
def test_filtering_on_a_phone_swaps_the_list_and_keeps_the_url(
    browser, live_server, browser_login, organizer, tournament
):
    _events(tournament, organizer, AuditAction.REGISTRATION_CHECKED_IN, 60)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}{audit_url(tournament)}")
    assert page.locator("td.audit-sentence").count() == 50
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing wider than the phone
    page.select_option("#id_action", "tournament.created")  # htmx swaps the list in place
    page.locator("td.audit-sentence", has_text="Tournament “Test Open” created").wait_for()
    assert page.locator("td.audit-sentence").count() == 1
    assert "action=tournament.created" in page.url  # the filter is in the address, for a reload or a link
    page.select_option("#id_action", "")
    page.get_by_role("link", name="2", exact=True).click()
    page.locator("[aria-current=page]", has_text="2").wait_for()
    assert page.locator("td.audit-sentence").count() == 11 and "page=2" in page.url
    context.close()


def test_every_action_has_a_sentence_from_the_room_or_app_that_writes_it():
    """Each room of the core and each app registers the sentences of its actions, from its own module."""
    from tournaments import extensions

    missing = [action for action in AuditAction if not extensions.audit_sentence(action)]
    assert missing == []
    assert extensions.audit_sentence(AuditAction.PENALTY_RECORDED).__module__ == "penalties.audit_sentences"
    assert extensions.audit_sentence(AuditAction.APPEAL_FILED).__module__ == "appeals.audit_sentences"
    assert extensions.audit_sentence(AuditAction.SEATING_CHART_GENERATED).__module__ == "seating.audit_sentences"
    assert extensions.audit_sentence(AuditAction.HAND_RECORDED).__module__ == "tournaments.sheets.audit_sentences"
    assert extensions.audit_sentence(AuditAction.SESSION_STARTED).__module__ == "tournaments.sessions.audit_sentences"
    assert extensions.audit_sentence(AuditAction.TOURNAMENT_CREATED).__module__ == "tournaments.core.audit_sentences"


def test_a_second_sentence_for_one_action_is_refused():
    from tournaments import extensions

    registered = extensions.audit_sentence(AuditAction.APPEAL_FILED)
    extensions.audit_sentences_register({AuditAction.APPEAL_FILED: registered})  # the same again: fine
    with pytest.raises(ValueError, match="appeal.filed"):
        extensions.audit_sentences_register({AuditAction.APPEAL_FILED: lambda d, event, places: "other"})
    assert extensions.audit_sentence(AuditAction.APPEAL_FILED) is registered
