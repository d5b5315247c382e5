"""The hand calculator: one winning hand in, its fans, total and payments out.

A read-only computation over the pure engine (scoring.engine), shared by the public API
(`scoring.api`) and the calculator page (`scoring.views`). It touches no database. The
engine's errors become `CalculatorError` with a translated message and the input field
that caused them; fan names and verdicts come back in the active language.
"""

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import PROFILES, RULE_SET_NAMES, HandError, evaluate, get_rule_set, settle, waits
from scoring.messages import fan_display_name, hand_error_message, reason_message

__all__ = ["PROFILES", "RULE_SET_NAMES", "WINDS", "FLAGS", "CalculatorError", "HandResult", "Comparison",
           "hand_calculate", "hand_waits"]

WINDS = ("E", "S", "W", "N")
FLAGS = ("last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong")

# The input field each engine error points at; None: the field is named in the error's params.
_ERROR_FIELDS = {
    "notation": "hand",
    "tile_count": "hand",
    "too_many_copies": "hand",
    "meld": "hand",
    ("context", "profile"): "profile",
    ("context", "rule_set"): "rule_set",
    ("context", "flowers"): "flowers",
    ("context", "replacement_not_self_drawn"): "kong_replacement",
    ("context", "replacement_without_kong"): "kong_replacement",
    ("context", "robbing_self_drawn"): "robbing_kong",
    ("context", "robbing_holding_copy"): "robbing_kong",
    ("context", "last_of_kind_holding_copy"): "last_of_kind",
    ("context", "discarder_is_winner"): "discarder",
}


class CalculatorError(Exception):
    """Bad input: a stable code (the engine's) and variant, a translated message, the field."""

    def __init__(self, *, code: str, variant: str, message: str, field: str | None):
        super().__init__(message)
        self.code = code
        self.variant = variant
        self.message = message
        self.field = field


def _error_from(error: HandError) -> CalculatorError:
    field = _ERROR_FIELDS.get(error.code) or _ERROR_FIELDS.get((error.code, error.variant))
    if field is None and error.variant == "wind":
        field = f"{error.params['which']}_wind"
    if field is None:  # ("context", "flag") and ("context", "seat") name their field
        field = error.params.get("name")
    return CalculatorError(code=error.code, variant=error.variant, message=hand_error_message(error), field=field)


@dataclass(frozen=True)
class FanLine:
    number: int
    name: str
    points: int   # this fan's points times its count
    count: int
    sets: tuple   # notation of the sets or tiles that make it ("123m", "[EEE]", "+5p")


@dataclass(frozen=True)
class Comparison:
    """The same hand under the other rule set: why it wins under one and not the other."""

    rule_set: str
    fan_points: int
    minimum: int
    is_winning: bool
    reason: str | None
    reason_message: str
    # fans counted here that the other rule set does not have ({number, name, points}); those it adds instead
    missing: tuple
    added: tuple


@dataclass(frozen=True)
class HandResult:
    fans: list
    fan_points: int
    total: int
    is_winning: bool
    reason: str | None
    reason_message: str
    shape: str | None
    profile: str
    payments: tuple | None   # score changes of positions 0-3 (3.9.1.3), when a winner is given
    rule_set: str = "full"
    minimum: int = 8
    other: Comparison | None = None


def hand_calculate(
    *,
    hand: str,
    self_drawn: bool = False,
    seat_wind: str = "E",
    prevalent_wind: str = "E",
    flowers: int = 0,
    last_of_kind: bool = False,
    last_wall_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    profile: str = "green_book",
    winner: int | None = None,
    discarder: int | None = None,
    rule_set: str = "full",
) -> HandResult:
    """Count a winning hand (3.7.2, 3.8, 3.9.1) and, given the winner, settle it (3.9.1.3).

    A self-drawn win has no discarder; a win on a discard needs one. ``rule_set``: "full" or
    "elementary" (scoring/READINGS.md E1-E9); the result also counts the hand under the other rule
    set (``other``), so the page can say why it wins under one and not the other.
    """
    if winner is not None:
        if self_drawn and discarder is not None:
            raise CalculatorError(
                code="context",
                variant="discarder_self_drawn",
                message=_("A self-drawn win has no discarder."),
                field="discarder",
            )
        if not self_drawn and discarder is None:
            raise _error_from(HandError("context", "seat", name="discarder", value=None))
    try:
        rules = get_rule_set(rule_set)
        if winner is not None:
            settle(0, winner=winner, discarder=None if self_drawn else discarder)  # the seats are 0-3
        context = dict(
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            flowers=flowers,
            last_of_kind=last_of_kind,
            last_wall_tile=last_wall_tile,
            kong_replacement=kong_replacement,
            robbing_kong=robbing_kong,
            profile=profile,
        )
        evaluation = evaluate(hand, rule_set=rules.name, **context)
        other_name = "elementary" if rules.name == "full" else "full"
        other = evaluate(hand, rule_set=other_name, **context)
        payments = None
        if winner is not None and evaluation.is_winning:
            # 3.9.1.3: the total with flowers is what the losers pay on top of the base (8; elementary: none)
            payments = settle(evaluation.total, winner=winner, discarder=None if self_drawn else discarder,
                              rule_set=rules.name)
    except HandError as error:
        raise _error_from(error) from error
    language = get_language() or "en"
    fans = [
        FanLine(
            number=hit.fan.number,
            name=fan_display_name(hit.fan, language),
            points=hit.points,
            count=hit.count,
            # the flower line's explanation is English prose ("3 flower(s)"): its count says it all
            sets=() if hit.fan.number == 81 else tuple(hit.sets),
        )
        for hit in evaluation.fans
    ]
    return HandResult(
        fans=fans,
        fan_points=evaluation.fan_points,
        total=evaluation.total,
        is_winning=evaluation.is_winning,
        reason=evaluation.reason,
        reason_message=reason_message(evaluation.reason, evaluation.fan_points, evaluation.minimum),
        shape=evaluation.shape,
        profile=evaluation.profile,
        payments=payments,
        rule_set=rules.name,
        minimum=evaluation.minimum,
        other=_comparison(evaluation, other, language),
    )


def _comparison(here, there, language: str) -> Comparison:
    """What changes under the other rule set: its fans the hand loses or gains, its minimum."""
    def lines(ev):
        return {hit.fan.number: {"number": hit.fan.number, "name": fan_display_name(hit.fan, language),
                                 "points": hit.points}
                for hit in ev.fans if hit.fan.number != 81}

    mine, theirs = lines(here), lines(there)
    other_rules = get_rule_set(there.rule_set)
    missing = tuple(mine[n] for n in sorted(mine) if n not in other_rules.fans)
    added = tuple(theirs[n] for n in sorted(theirs) if n not in mine)
    return Comparison(
        rule_set=there.rule_set, fan_points=there.fan_points, minimum=there.minimum, is_winning=there.is_winning,
        reason=there.reason, reason_message=reason_message(there.reason, there.fan_points, there.minimum),
        missing=missing, added=added,
    )


def hand_waits(*, hand: str, rule_set: str = "full") -> tuple:
    """The tiles that complete a 13-tile hand into a winning shape of the rule set (3.7.2; points not checked)."""
    try:
        return waits(hand, rule_set=rule_set)
    except HandError as error:
        raise _error_from(error) from error
