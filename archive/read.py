"""Reading a tournament archive (docs/archive.md): every problem located, nothing half-read."""

import datetime as dt
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.table import MAX_HANDS
from scoring.rule_sets import Reading, RuleSet
from tournaments import extensions
from tournaments.models import (
    MAX_ENTRY_NUMBER,
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    SHEET_REMARKS_MAX_LENGTH,
    Hand,
    Player,
    Team,
    Tournament,
)
from tournaments.models.core import FinalRanking, Group, ScoringMode, Tiebreak, default_tiebreaks
from tournaments.sheets.entry import WIN_FLAGS, HandEntry
from tournaments.sheets.hand_scoring import scored_hand_fields

FORMAT = "mcr-tournament-archive/1"

NAME_LENGTH = Tournament._meta.get_field("name").max_length
MAX_NUMBER = 32767  # session and table numbers (small integer columns)
TILES_LENGTH = Hand._meta.get_field("tiles").max_length


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an archive, and where: `location` is already in the user's language."""

    location: str
    message: str
    session: int | None = None
    table: int | None = None
    hand: int | None = None

    def __str__(self):
        return f"{self.location}: {self.message}"


class ArchiveInvalid(ValidationError):
    """The archive cannot be imported; `problems` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]):
        super().__init__([str(problem) for problem in problems], code="archive_invalid")
        self.problems = problems


@dataclass
class Archive:
    """A checked archive, ready to save: entries are ints, hands carry the Hand model fields."""

    tournament: dict
    teams: list[dict] = field(default_factory=list)
    players: list[dict] = field(default_factory=list)
    sessions: list[dict] = field(default_factory=list)


class _Reader:
    """Walks the parsed JSON and collects problems instead of stopping at the first."""

    def __init__(self):
        self.problems: list[Problem] = []

    def add(self, location: str, message: str, *, session=None, table=None, hand=None) -> None:
        self.problems.append(Problem(str(location), str(message), session, table, hand))

    # Each checker returns the clean value, or None after recording a problem.

    def text(self, where, obj: dict, key: str, *, max_length: int, required: bool = False, default: str = ""):
        value = obj.get(key)
        if value is None:
            if required:
                self.add(where, _("“%(key)s” is required.") % {"key": key})
                return None
            return default
        if not isinstance(value, str) or len(value.strip()) > max_length:
            message = _("“%(key)s” must be text of at most %(n)d characters.") % {"key": key, "n": max_length}
            self.add(where, message)
            return None
        value = value.strip()
        if required and not value:
            self.add(where, _("“%(key)s” is required.") % {"key": key})
            return None
        return value

    def flag(self, where, obj: dict, key: str, default: bool = False, **at):
        value = obj.get(key, default)
        if not isinstance(value, bool):
            self.add(where, _("“%(key)s” must be true or false.") % {"key": key}, **at)
            return None
        return value

    def number(self, where, obj: dict, key: str, **at):
        """A session or table number: 1 to what the database holds."""
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_NUMBER:
            message = _("“%(key)s” must be a whole number from 1 to %(n)d.") % {"key": key, "n": MAX_NUMBER}
            self.add(where, message, **at)
            return None
        return value

    def items(self, where, obj: dict, key: str, *, required: bool = True, **at) -> list:
        value = obj.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, list):
            self.add(where, _("“%(key)s” must be a list.") % {"key": key}, **at)
            return []
        return value

    def date(self, obj: dict, key: str):
        value = obj.get(key)
        if not isinstance(value, str):
            return None
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return None


def entry_text(value) -> str | None:
    """An entry number as written in the archive ("12"; a JSON number 12 is accepted too)."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ENTRY_NUMBER:
        return None
    return str(value)


def archive_read(data, *, name_exists=lambda name: False) -> Archive:
    """Check a parsed archive completely and return it normalised; ArchiveInvalid lists every problem.

    `name_exists(name)` tells whether a tournament of that name exists already (the service asks
    the database; this module stays free of writes).
    """
    reader = _Reader()
    where = _("Archive")
    if not isinstance(data, dict):
        raise ArchiveInvalid([Problem(where, _("The archive must be a JSON object."))])
    if data.get("format") != FORMAT:
        # A different kind of file, or a version this code cannot read: nothing else is meaningful.
        message = _("This is not a tournament archive: “format” must be “%(format)s”.") % {"format": FORMAT}
        raise ArchiveInvalid([Problem(where, message)])
    tournament = _read_tournament(reader, data.get("tournament"), name_exists)
    teams = _read_teams(reader, data)
    players = _read_players(reader, data, {team["name"] for team in teams})
    _check_leaders(reader, teams, players)
    entries = {player["entry"] for player in players}
    sessions = _read_sessions(reader, data, tournament, entries)
    if reader.problems:
        raise ArchiveInvalid(reader.problems)
    if tournament["planned_sessions"] is None:
        tournament["planned_sessions"] = max([MIN_SESSIONS, *(session["number"] for session in sessions)])
    return Archive(tournament=tournament, teams=teams, players=players, sessions=sessions)


def _read_tournament(reader: _Reader, obj, name_exists) -> dict:
    where = _("Tournament")
    if not isinstance(obj, dict):
        reader.add(where, _("“tournament” must be an object with at least a name and the rules."))
        obj = {}
    name = reader.text(where, obj, "name", max_length=NAME_LENGTH, required=True)
    if name and name_exists(name):
        message = _("A tournament named “%(name)s” already exists: rename it in the file.") % {"name": name}
        reader.add(where, message)
    # "rules": the reading (green_book / common_practice), as every archive before rule sets wrote it,
    # for the full rules; or the rule set ("elementary", "full") with its reading in "reading"
    # (docs/archive.md). An older reader refuses "elementary" rather than score it by the full rules.
    rules = obj.get("rules")
    rule_set = RuleSet.FULL.value
    if rules in RuleSet.values:
        rule_set = rules
        rules = obj.get("reading", Reading.GREEN_BOOK.value)
        if rules not in Reading.values:
            reader.add(where, _("Unknown reading “%(value)s”: use green_book or common_practice.") % {"value": rules})
            rules = None
    elif rules not in Reading.values:
        reader.add(where, _("Unknown rules “%(value)s”: use green_book, common_practice or elementary.") % {
            "value": rules})
        rules = None
    scoring_mode = obj.get("scoring_mode", ScoringMode.ELECTRONIC)
    if scoring_mode not in ScoringMode.values:
        reader.add(where, _("Unknown scoring mode “%(value)s”: use electronic or declared.") % {"value": scoring_mode})
        scoring_mode = None
    planned = obj.get("sessions")
    if planned is not None and (
        isinstance(planned, bool) or not isinstance(planned, int) or not MIN_SESSIONS <= planned <= MAX_NUMBER
    ):
        # 3.5.4: a competition has at least six sessions.
        message = _("“sessions” must be a whole number from %(n)d to %(max)d (rule 3.5.4).") % {
            "n": MIN_SESSIONS, "max": MAX_NUMBER,
        }
        reader.add(where, message)
        planned = None
    minutes = obj.get("session_minutes", MAX_SESSION_MINUTES)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_SESSION_MINUTES:
        # 3.5.6: a session lasts at most 150 minutes.
        reader.add(
            where,
            _("“session_minutes” must be a whole number from 1 to %(n)d (rule 3.5.6).")
            % {"n": MAX_SESSION_MINUTES},
        )
    dates = {}
    for key in ("starts_on", "ends_on"):
        dates[key] = reader.date(obj, key)
        if obj.get(key) is not None and dates[key] is None:
            reader.add(where, _("“%(key)s” must be a date written like 2026-05-01.") % {"key": key})
    today = timezone.localdate()
    starts_on = dates["starts_on"] or dates["ends_on"] or today
    ends_on = dates["ends_on"] or starts_on
    if ends_on < starts_on:
        reader.add(where, _("The last day cannot be before the first day."))
    tiebreaks = obj.get("tiebreaks", default_tiebreaks())
    if (
        not isinstance(tiebreaks, list)
        or any(not isinstance(t, str) or t not in Tiebreak.values for t in tiebreaks)
        or len(set(tiebreaks)) != len(tiebreaks)
    ):
        choices = ", ".join(Tiebreak.values)
        message = _("“tiebreaks” must be a list of different values from: %(choices)s.") % {"choices": choices}
        reader.add(where, message)
    # Settings other apps keep (penalties' escalation, …), through the core's archive seam.
    extras = {}
    for section in extensions.tournament_archive_sections():
        if section.key in obj:
            for problem in section.check(obj[section.key]):
                reader.add(where, problem)
            extras[section.key] = obj[section.key]
    return {
        "name": name,
        "extras": extras,
        "venue": reader.text(where, obj, "venue", max_length=Tournament._meta.get_field("venue").max_length),
        "country": _host_country(reader, where, obj),
        "rules": rules,
        "rule_set": rule_set,
        "scoring_mode": scoring_mode,
        "planned_sessions": planned,
        "session_minutes": minutes,
        "starts_on": starts_on,
        "ends_on": ends_on,
        "tiebreaks": [str(t) for t in tiebreaks] if isinstance(tiebreaks, list) else [],
        "final_ranking": _final_ranking(reader, where, obj),
        "deductions_count_for_ranking": reader.flag(where, obj, "deductions_count_for_ranking", default=True),
    }


def _host_country(reader: _Reader, where, obj: dict) -> str:
    """The optional "country": an ISO 3166-1 alpha-2 code (the host country or region)."""
    from tournaments.countries import ISO_3166_1

    value = reader.text(where, obj, "country", max_length=2)
    if value and value.upper() not in ISO_3166_1:
        reader.add(where, _("“country” must be an ISO 3166-1 code such as JP, not “%(value)s”.") % {"value": value})
        return ""
    return (value or "").upper()


def _final_ranking(reader: _Reader, where, obj: dict) -> str:
    """3.5.4: the organizer's final ranking of a competition with a cut; cumulative when absent."""
    value = obj.get("final_ranking", FinalRanking.CUMULATIVE.value)
    if value not in FinalRanking.values:
        message = _("“final_ranking” must be one of: %(choices)s.") % {"choices": ", ".join(FinalRanking.values)}
        reader.add(where, message)
        return FinalRanking.CUMULATIVE.value
    return value


def _read_teams(reader: _Reader, data: dict) -> list[dict]:
    teams = []
    seen = set()
    name_length = Team._meta.get_field("name").max_length
    for index, obj in enumerate(reader.items(_("Archive"), data, "teams", required=False), start=1):
        where = _("Team at position %(n)d") % {"n": index}
        if not isinstance(obj, dict):
            reader.add(where, _("A team must be an object with a name."))
            continue
        name = reader.text(where, obj, "name", max_length=name_length, required=True)
        if name is not None:
            where = _("Team “%(name)s”") % {"name": name}
            if name in seen:
                reader.add(where, _("This team is listed twice."))
            seen.add(name)
        leader = obj.get("leader") or None  # "" is no leader, as null
        if leader is not None and entry_text(leader) is None:
            reader.add(where, _("The leader must be an entry number such as “12”."))
        teams.append(
            {
                "name": name,
                "country": reader.text(where, obj, "country", max_length=Team._meta.get_field("country").max_length),
                "leader": entry_text(leader) if leader is not None else None,
            }
        )
    return teams


def _read_players(reader: _Reader, data: dict, team_names: set[str]) -> list[dict]:
    players = []
    seen_entries = set()
    seen_ids = set()
    for index, obj in enumerate(reader.items(_("Archive"), data, "players"), start=1):
        where = _("Player at position %(n)d") % {"n": index}
        if not isinstance(obj, dict):
            reader.add(where, _("A player must be an object with an entry number and a name."))
            continue
        entry = entry_text(obj.get("entry"))
        if entry is None:
            reader.add(where, _("“entry” must be an entry number such as “12”."))
        else:
            where = _("Player %(entry)s") % {"entry": entry}
            if entry in seen_entries:
                reader.add(where, _("Entry number %(entry)s is listed twice.") % {"entry": entry})
            seen_entries.add(entry)
        text = {
            key: reader.text(where, obj, key, max_length=Player._meta.get_field(key).max_length, required=key == "name")
            for key in ("name", "name_local", "country", "federation_id")
        }
        federation_id = text["federation_id"]
        if federation_id:
            if federation_id in seen_ids:
                reader.add(where, _("Federation ID %(id)s is given to two players.") % {"id": federation_id})
            seen_ids.add(federation_id)
        team = obj.get("team") or None  # "" is no team, as null
        if team is not None and (not isinstance(team, str) or team not in team_names):
            reader.add(where, _("Unknown team “%(team)s”: list it under “teams”.") % {"team": team})
        # 3.5.3 团体: a group's name; the groups are made from the players' names of them.
        group = reader.text(where, obj, "group", max_length=Group._meta.get_field("name").max_length) or None
        players.append({"entry": entry, **text, "team": team, "group": group})
    return players


def _check_leaders(reader: _Reader, teams: list[dict], players: list[dict]) -> None:
    team_of: dict[str, str | None] = {}
    for player in players:
        if player["entry"] is not None:
            team_of.setdefault(player["entry"], player["team"])  # a repeated entry is reported already
    for team in teams:
        leader = team["leader"]
        if leader is not None and team["name"] is not None and team_of.get(leader, object()) != team["name"]:
            reader.add(
                _("Team “%(name)s”") % {"name": team["name"]},
                _("The leader %(entry)s is not a player of this team.") % {"entry": leader},
            )


def _read_sessions(reader: _Reader, data: dict, tournament: dict, entries: set[str]) -> list[dict]:
    sessions = []
    seen = set()
    planned = tournament["planned_sessions"]
    for index, obj in enumerate(reader.items(_("Archive"), data, "sessions", required=False), start=1):
        where = _("Session at position %(n)d") % {"n": index}
        if not isinstance(obj, dict):
            reader.add(where, _("A session must be an object with a number and its tables."))
            continue
        number = reader.number(where, obj, "number")
        session_ref = number if number is not None else f"#{index}"
        if number is not None:
            where = _("Session %(session)s") % {"session": number}
            if number in seen:
                reader.add(where, _("Session %(session)s is listed twice.") % {"session": number}, session=number)
            elif planned is not None and number > planned:
                reader.add(
                    where,
                    _("The tournament has %(n)d sessions (“sessions” in “tournament”).") % {"n": planned},
                    session=number,
                )
            seen.add(number)
        tables = []
        seated: set[str] = set()
        seen_tables = set()
        for position, table in enumerate(reader.items(where, obj, "tables", session=number), start=1):
            table_where = _("Session %(session)s, table at position %(n)d") % {"session": session_ref, "n": position}
            if not isinstance(table, dict):
                reader.add(table_where, _("A table must be an object with a number, seats and hands."), session=number)
                continue
            table_number = reader.number(table_where, table, "number", session=number)
            table_ref = table_number if table_number is not None else f"#{position}"
            if table_number is not None:
                table_where = _("Session %(session)s, table %(table)s") % {"session": session_ref, "table": table_ref}
                if table_number in seen_tables:
                    message = _("This table is listed twice in the session.")
                    reader.add(table_where, message, session=number, table=table_number)
                seen_tables.add(table_number)
            at = {"session": number, "table": table_number}
            labels = {"session": session_ref, "table": table_ref}
            tables.append(_read_table(reader, table, table_where, at, labels, tournament, entries, seated))
        qualifiers = _read_qualifiers(reader, where, obj, entries, seated, number)
        sessions.append({"number": number, "tables": tables, "qualifiers": qualifiers})
    return sessions


def _read_qualifiers(reader, where, obj, entries, seated, number) -> list[int] | None:
    """3.5.4: a session of qualifiers lists them; every seated player must be one."""
    raw = obj.get("qualifiers")
    if raw is None:
        return None
    values = [entry_text(value) for value in raw] if isinstance(raw, list) else [None]
    if None in values or any(value not in entries for value in values):
        reader.add(where, _("“qualifiers” must list entry numbers of the players."), session=number)
        return None
    outside = sorted(seated - set(values), key=int)
    if outside:
        message = _("Entries %(entries)s are seated but not among the session's qualifiers.") % {
            "entries": ", ".join(outside)
        }
        reader.add(where, message, session=number)
    return [int(value) for value in values]


def _read_table(reader, obj, where, at, labels, tournament, entries, seated) -> dict:
    """One table's seats and hands; `at` holds the numbers for Problem, `labels` the ones to show."""
    seats_raw = obj.get("seats")
    seats = [entry_text(seat) for seat in seats_raw] if isinstance(seats_raw, list) else []
    seats_ok = len(seats) == 4 and None not in seats and len(set(seats)) == 4
    if not isinstance(seats_raw, list) or len(seats_raw) != 4:
        # 3.5.2: four players sit at each table.
        reader.add(where, _("A table needs exactly four seats: East, South, West, North (rule 3.5.2)."), **at)
        seats_ok = False
    for raw, seat in zip(seats_raw if isinstance(seats_raw, list) else [], seats):
        if seat is None:
            reader.add(where, _("Seat “%(value)s” is not an entry number.") % {"value": raw}, **at)
        elif seat not in entries:
            reader.add(where, _("Seat %(entry)s names an entry that is not among the players.") % {"entry": seat}, **at)
        elif seat in seated:
            reader.add(where, _("Entry %(entry)s is seated twice in this session.") % {"entry": seat}, **at)
        if seat is not None:
            seated.add(seat)
    ended_by_time = obj.get("ended_by_time")
    if ended_by_time is not None and not isinstance(ended_by_time, bool):
        reader.add(where, _("“%(key)s” must be true or false.") % {"key": "ended_by_time"}, **at)
    remarks = obj.get("remarks", "")
    if not isinstance(remarks, str) or len(remarks.strip()) > SHEET_REMARKS_MAX_LENGTH:
        # Appendix 5, 备注: text, as long as the sheet keeps.
        reader.add(
            where,
            _("“%(key)s” must be text of at most %(max)d characters.")
            % {"key": "remarks", "max": SHEET_REMARKS_MAX_LENGTH},
            **at,
        )
        remarks = ""
    # Sections other apps add to a table (penalties, …): checked here, saved with the sheet.
    extras = {}
    for section in extensions.archive_sections():
        items = reader.items(where, obj, section.key, required=False, **at)
        if items:
            hand_count = len(obj["hands"]) if isinstance(obj.get("hands"), list) else 0
            extra = {"table": obj} if section.needs_table else {}
            for message in section.check(items, seats if seats_ok else [], tournament["rules"], hand_count, **extra):
                reader.add(where, message, **at)
            extras[section.key] = items
    if obj.get("penalties") and "penalties" not in extras:
        # Penalties change results: refused rather than silently dropped when nothing can read them.
        message = _("This installation cannot import penalties: remove “penalties” or install the penalties app.")
        reader.add(where, message, **at)
    hands = []
    for position, hand in enumerate(reader.items(where, obj, "hands", required=False, **at), start=1):
        hand_where = _("Session %(session)s, table %(table)s, hand %(hand)s") % {**labels, "hand": position}
        hand_at = {**at, "hand": position}
        if not isinstance(hand, dict):
            reader.add(hand_where, _("A hand must be an object with a number and a result."), **hand_at)
            continue
        if hand.get("number") != position or isinstance(hand.get("number"), bool):
            reader.add(
                hand_where,
                _("Hands must be numbered 1, 2, 3, … in order: this one should be %(n)d, not %(value)s.")
                % {"n": position, "value": hand.get("number")},
                **hand_at,
            )
        if position > MAX_HANDS:
            # 3.4.8: four rounds of four hands.
            reader.add(hand_where, _("A session has at most 16 hands (rule 3.4.8)."), **hand_at)
            continue
        fields = _read_hand(reader, hand, hand_where, hand_at, seats if seats_ok else None, tournament["rules"],
                            tournament["scoring_mode"], tournament["rule_set"])
        if fields is not None:
            hands.append({"number": position, **fields})
    return {
        "number": at["table"],
        "seats": [int(seat) for seat in seats] if seats_ok else [],
        # As when a referee closes a sheet: fewer than 16 hands means time ran out (3.5.6).
        "ended_by_time": ended_by_time if isinstance(ended_by_time, bool) else len(hands) < MAX_HANDS,
        "hands": hands,
        "remarks": remarks.strip(),
        "extras": extras,
    }


def _read_hand(reader, hand: dict, where, at: dict, seats: list[str] | None, rules: str | None,
               scoring_mode: str | None = ScoringMode.ELECTRONIC, rule_set: str = RuleSet.FULL) -> dict | None:
    """The Hand fields of one archived hand, scored by the engine through the score sheet's own check."""
    result = hand.get("result")
    if result not in Hand.Result.values:
        reader.add(where, _("A hand is a win or a draw."), **at)
        return None
    entry = {"result": result}
    problems_before = len(reader.problems)
    if result == Hand.Result.WIN:
        for flag in WIN_FLAGS:
            entry[flag] = reader.flag(where, hand, flag, **at)
        flowers = hand.get("flowers", 0)
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            reader.add(where, _("Flowers must be a whole number from 0 to 8."), **at)
        entry["flowers"] = flowers
        tiles = hand.get("tiles") or ""
        if not isinstance(tiles, str) or len(tiles) > TILES_LENGTH:
            message = _("“%(key)s” must be text of at most %(n)d characters.") % {"key": "tiles", "n": TILES_LENGTH}
            reader.add(where, message, **at)
        entry["tiles"] = tiles
        declared = hand.get("declared_fans") or []
        if not isinstance(declared, list) or any(isinstance(n, bool) or not isinstance(n, int) for n in declared):
            reader.add(where, _("Declared fans must be a list of fan numbers."), **at)
        entry["declared_fans"] = declared
        if seats is not None:
            for role in ("winner", "discarder"):
                value = hand.get(role)
                if value is None:
                    entry[role] = None
                    continue
                if entry_text(value) not in seats:
                    if role == "winner":
                        message = _("The winner %(entry)s does not sit at this table.")
                    else:
                        message = _("The discarder %(entry)s does not sit at this table.")
                    reader.add(where, message % {"entry": value}, **at)
                    entry[role] = -1
                else:
                    entry[role] = seats.index(entry_text(value))
    if seats is None or rules is None or scoring_mode is None or len(reader.problems) > problems_before:
        return None  # the engine would only repeat what is already reported
    try:
        return scored_hand_fields(
            rules=rules, number=at["hand"], entry=HandEntry.from_mapping(entry), scoring_mode=scoring_mode,
            rule_set=rule_set,
        )
    except ValidationError as error:
        for messages in error.message_dict.values():
            for message in messages:
                reader.add(where, message, **at)
        return None
