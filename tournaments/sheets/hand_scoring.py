"""The bridge to the scoring engine: what a hand entry scores, and what the tablet shows before recording.

No writes. `scored_hand_fields` turns a HandEntry into the Hand model's fields (the engine's count of the
tiles, or the declared fans checked against them, 3.9.1.4; the payments, 3.9.1.3) or refuses it with a
field error; `hand_preview` is the tablet's preview. The hand path (services.recording), corrections
(services.correcting), appeals and the archive reader score hands here.
"""

from collections import Counter

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.engine import HandError, check_declared, check_declared_tiles, evaluate, get_rule_set, settle
from scoring.engine.table import MAX_HANDS, hand_winds
from scoring.messages import (
    declared_problem_message,
    declared_tiles_message,
    fan_display_name,
    hand_error_message,
    reason_message,
)
from tournaments import extensions
from tournaments.errors import field_error
from tournaments.models import (
    Hand,
    ScoreSheet,
    ScoringMode,
)
from tournaments.sheets.entry import WIN_FLAGS, HandEntry


def scored_hand(sheet: ScoreSheet, number: int, entry: HandEntry) -> dict:
    """Validate one hand of `sheet` with the engine and return the model fields it fills."""
    tournament = sheet.session.tournament
    return scored_hand_fields(
        rules=tournament.rules, number=number, entry=entry, sheet=sheet, scoring_mode=tournament.scoring_mode,
        rule_set=tournament.rule_set,
    )


def scored_hand_fields(
    *, rules: str, number: int, entry: HandEntry, sheet: ScoreSheet | None = None,
    scoring_mode: str = ScoringMode.ELECTRONIC, rule_set: str = "full",
) -> dict:
    """Validate one hand with the engine and return the Hand model fields it fills (no writes).

    `entry`: the hand as entered (see HandEntry). The winds come from the hand number (3.4.5,
    3.4.6). `sheet`, the score sheet written, lets other apps refuse a win (3.11.3); without it (a sheet not
    saved yet, as in an archive import) no refusal is asked for.

    `scoring_mode` (the tournament's, docs/scoring-modes.md): with electronic scoring the engine's
    count of the tiles is the hand's score (3.7.1 "或电子计分", 3.9.1.5); with declared scoring the
    hand scores the fans the winner declared (3.9.1.4 "自报、公认"), each checked against the tiles,
    and nothing the winner missed is added ("不得再重新审核或追补漏报番种"). In both modes a hand
    entered without tiles scores the ticked fans, unverified.

    `rules` is the reading (the engine's profile); `rule_set` the full or elementary rules: their
    fans, minimum (8 / 6) and payments (base 8 / none, scoring/READINGS.md E2).
    """
    if not isinstance(entry, HandEntry):
        raise TypeError(f"entry must be a HandEntry, not {type(entry).__name__}")
    result = entry.result
    if result == Hand.Result.DRAW:
        _ruling(sheet, number, winner=None, discarder=None)
        return {"result": result, "winner": None, "discarder": None, "tiles": "", "flowers": 0,
                **{flag: False for flag in WIN_FLAGS}, "declared_fans": [], "verified": False, "fans": [],
                "fan_points": 0, "total": 0, "d0": 0, "d1": 0, "d2": 0, "d3": 0}
    if result != Hand.Result.WIN:
        raise ValidationError({"result": _("A hand is a win or a draw.")})
    winner, discarder = entry.winner, entry.discarder
    if winner not in (0, 1, 2, 3):
        raise ValidationError({"winner": _("Choose the winner.")})
    if discarder is not None and (discarder not in (0, 1, 2, 3) or discarder == winner):
        raise ValidationError({"discarder": _("The discarder must be one of the three other players.")})
    absent = _ruling(sheet, number, winner=winner, discarder=discarder).absent
    flags = {flag: bool(getattr(entry, flag)) for flag in WIN_FLAGS}
    flowers = entry.flowers
    tiles = (entry.tiles or "").strip()
    declared = list(entry.declared_fans or [])
    if 81 in declared:  # Flower Tiles ticked as a fan: the flowers are their count (fan 81)
        flowers = (flowers or 0) + declared.count(81)
        declared = [number for number in declared if number != 81]
    declared_mode = scoring_mode == ScoringMode.DECLARED
    try:
        if tiles and declared_mode:
            if not declared:
                raise ValidationError({"declared_fans": ValidationError(
                    _("Declared scoring: tick the fans the winner declared (rule 3.9.1.4)."), code="declared_missing")})
            fans, fan_points, total = _score_declared_tiles(
                rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set)
        elif tiles:
            fans, fan_points, total = _score_tiles(rules, number, winner, discarder, tiles, flowers, flags, rule_set)
        elif declared:
            fans, fan_points, total = _score_declared(rules, declared, flowers, rule_set)
        else:
            raise ValidationError({"tiles": _("Enter the winning hand's tiles, or tick the declared fans.")})
        # 3.9.1.3 (elementary: no base); a forfeited seat pays nothing (3.11.2.1, READINGS.md P2)
        deltas = settle(total, winner=winner, discarder=discarder, rule_set=rule_set, absent=absent)
    except HandError as error:
        raise field_error("tiles", hand_error_message(error), error.code) from error
    return {
        "result": result, "winner": winner, "discarder": discarder, "tiles": tiles, "flowers": flowers, **flags,
        "declared_fans": list(declared) if (declared_mode or not tiles) else [], "verified": bool(tiles), "fans": fans,
        "fan_points": fan_points, "total": total, "d0": deltas[0], "d1": deltas[1], "d2": deltas[2], "d3": deltas[3],
    }


def absent_seats(sheet: ScoreSheet) -> frozenset[int]:
    """The starting seats of `sheet` that take no part in its session: forfeited for lateness (3.11.2.1
    "超过15分钟按自动弃权处理，本局为0分"). Nobody pays for them (scoring/READINGS.md P2). The hand path reads the
    same from the hand's ruling (`_ruling`), in the statement it makes anyway."""
    seats = extensions.sheet_adjustments([sheet.pk])[sheet.pk]
    return frozenset(seat for seat, adjustment in enumerate(seats) if adjustment.forfeit)


def _ruling(sheet: ScoreSheet | None, number: int, *, winner: int | None, discarder: int | None
            ) -> extensions.HandRuling:
    """What the apps above say of the hand (3.11.2.1, 3.11.3, 3.11.4: see extensions.hand_rulings): a refusal is
    raised as the field's error; the seats that take no part are returned. Not asked without a sheet (a hand
    checked before its sheet exists, as in an archive import)."""
    if sheet is None:
        return extensions.NO_RULING
    ruling = extensions.hand_ruling(extensions.HandAt(
        sheet_id=sheet.pk, session_id=sheet.session_id, table_id=sheet.table_id, hand_number=number,
        winner=winner, discarder=discarder))
    if ruling.refusal:
        raise field_error("winner" if winner is not None else "result", ruling.refusal, "hand_refused")
    return ruling


def _score_tiles(rules, number, winner, discarder, tiles, flowers, flags, rule_set="full") -> tuple[list, int, int]:
    """The engine's verdict on the tiles, with the winds of this hand; refused unless a legal win."""
    winds = hand_winds(number)
    ev = evaluate(
        tiles,
        self_drawn=discarder is None,
        seat_wind=winds.seat_winds[winner],
        prevalent_wind=winds.prevalent,
        flowers=flowers,
        profile=rules,
        rule_set=rule_set,
        **flags,
    )
    if not ev.is_winning:  # 3.7.2, 3.9.1.1 (elementary: 6)
        raise field_error("tiles", reason_message(ev.reason, ev.fan_points, ev.minimum), ev.reason)
    return [{"number": hit.fan.number, "count": hit.count} for hit in ev.fans], ev.fan_points, ev.total


def _declared_check(rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set="full"):
    winds = hand_winds(number)
    return check_declared_tiles(
        tiles, declared, flowers=flowers, profile=rules, rule_set=rule_set, self_drawn=discarder is None,
        seat_wind=winds.seat_winds[winner], prevalent_wind=winds.prevalent, **flags,
    )


def _declared_messages(check) -> list[str]:
    messages = []
    for code, fan, detail in check.problems:
        if code == "not_a_win":
            messages.append(reason_message(check.engine.reason, check.engine.fan_points, check.engine.minimum))
        else:
            messages.append(declared_tiles_message(code, fan, detail, minimum=check.engine.minimum))
    return messages


def _score_declared_tiles(rules, number, winner, discarder, tiles, declared, flowers, flags,
                          rule_set="full") -> tuple[list, int, int]:
    """Declared scoring (3.9.1.4): the declared fans, each one the tiles give, in one reading;
    the hand scores them and nothing more. Under 8 (elementary: 6) on tiles worth that much is a
    false win (3.11.6.6)."""
    check = _declared_check(rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set)
    if check.problems:
        codes = {code for code, _, _ in check.problems}
        # a false win is offered as such: the tablet links to the foul page (3.11.6.6)
        code = "false_win" if "false_win" in codes else ("not_a_win" if "not_a_win" in codes else "declared")
        field = "tiles" if code == "not_a_win" else "declared_fans"
        raise field_error(field, " ".join(_declared_messages(check)), code)
    counts = Counter(check.declared)
    if check.flowers:
        counts[81] = check.flowers
    return [{"number": n, "count": c} for n, c in sorted(counts.items())], check.fan_points, check.total


def hand_preview(*, sheet: ScoreSheet, number: int, entry: HandEntry, language: str = "en") -> dict:
    """What the tablet shows before a hand is recorded (no writes): the engine's count of the tiles
    in both scoring modes and, with declared scoring, the declared fans checked against it, the fans
    the winner missed (information only: they are not added, 3.9.1.4) and whether the declaration
    is a false win (3.11.6.6). Problems come back as messages, not errors."""
    tournament = sheet.session.tournament
    mode = tournament.scoring_mode
    result = {"scoring_mode": mode, "engine": None, "declared": None, "problems": [], "false_win": False}
    tiles = (entry.tiles or "").strip()
    if entry.result != Hand.Result.WIN or entry.winner not in (0, 1, 2, 3) or not tiles:
        return result
    if not 1 <= number <= MAX_HANDS:
        return result
    discarder = entry.discarder if entry.discarder in (0, 1, 2, 3) and entry.discarder != entry.winner else None
    flags = {flag: bool(getattr(entry, flag)) for flag in WIN_FLAGS}
    declared = [n for n in (entry.declared_fans or ()) if n != 81]
    flowers = (entry.flowers or 0) + list(entry.declared_fans or ()).count(81)

    def fan_rows(pairs):
        from scoring.engine.fans import FAN_BY_NUMBER

        rows = []
        for n, c in pairs:
            fan = FAN_BY_NUMBER.get(n)
            if fan is not None:
                rows.append({"number": n, "name": fan_display_name(fan, language), "count": c,
                             "points": fan.points * c})
        return rows

    try:
        check = _declared_check(rules=tournament.rules, number=number, winner=entry.winner, discarder=discarder,
                                tiles=tiles, declared=declared, flowers=min(flowers, 8), flags=flags,
                                rule_set=tournament.rule_set)
    except HandError as error:
        result["problems"] = [hand_error_message(error)]
        return result
    ev = check.engine
    result["engine"] = {
        "fans": fan_rows((hit.fan.number, hit.count) for hit in ev.fans if hit.fan.number != 81),
        "fan_points": ev.fan_points, "total": ev.total, "is_winning": ev.is_winning,
        "message": "" if ev.is_winning else reason_message(ev.reason, ev.fan_points, ev.minimum),
    }
    if mode == ScoringMode.DECLARED:
        unsupported = sorted({fan for code, fan, _ in check.problems if code == "unsupported"})
        result["declared"] = {
            "fans": fan_rows(check.declared.items()), "fan_points": check.fan_points, "total": check.total,
            "unsupported": unsupported, "missed": fan_rows(check.missed.items()),
        }
        result["problems"] = _declared_messages(check) if declared else []
        result["false_win"] = bool(declared) and check.is_false_win
    return result


def _score_declared(rules, declared, flowers, rule_set="full") -> tuple[list, int, int]:
    """Fans the referee ticked: compatible with each other (3.9.1.6), of the rule set (the 30 fans of
    the elementary rules) and worth its minimum (8, 3.9.1.1; elementary 6)."""
    check = check_declared(declared, flowers=flowers, profile=rules, rule_set=rule_set)
    if check.problems:
        minimum = get_rule_set(rule_set).minimum
        messages = [declared_problem_message(*problem, minimum=minimum) for problem in check.problems]
        raise field_error("declared_fans", "; ".join(messages), "declared")
    counts = Counter(declared)
    if flowers:
        counts[81] = flowers  # listed as fan 81, as the engine lists them for a hand entered with tiles
    return [{"number": n, "count": c} for n, c in sorted(counts.items())], check.fan_points, check.total
