"""The scoring engine's errors and verdicts in the user's language.

The engine (scoring/engine) is plain Python and speaks English; it gives every error a stable
code and variant with parameters, which are translated here for the score sheet, the calculator
and the API.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine import HandError

# (code, variant) -> template with the engine's parameters; see scoring/engine/errors.py.
HAND_ERRORS = {
    ("notation", "empty"): gettext_lazy("The hand is empty: enter the tiles."),
    ("notation", "character"): gettext_lazy("Unreadable character {char!r} at position {position}."),
    ("notation", "digits_without_suit"): gettext_lazy(
        "Digits {digits!r} have no suit letter after them: add m, p or s."
    ),
    ("notation", "zero"): gettext_lazy("There is no tile 0 ({text!r}): suit tiles go from 1 to 9."),
    ("notation", "bracket"): gettext_lazy("Bracket {bracket!r} is not closed or is nested."),
    ("notation", "meld_after_tiles"): gettext_lazy(
        "Meld {meld!r} comes after the standing tiles: write the melds first."
    ),
    ("notation", "winning_tile"): gettext_lazy("Write exactly one winning tile after “+” (got {text!r})."),
    ("notation", "missing_winning_tile"): gettext_lazy("The winning tile is missing."),
    ("notation", "unexpected_winning_tile"): gettext_lazy("A waiting hand has no winning tile: remove “+{text}”."),
    ("tile_count", "hand"): gettext_lazy(
        "With {melds} meld(s) the hand needs {expected} standing tiles plus the winning tile, but has {actual}."
    ),
    ("tile_count", "waiting"): gettext_lazy(
        "With {melds} meld(s) a waiting hand needs {expected} standing tiles, but has {actual}."
    ),
    ("too_many_copies", "copies"): gettext_lazy("Tile {tile} appears {count} times: there are only four of each tile."),
    ("meld", "size"): gettext_lazy("Meld {meld!r} has {size} tiles: a chow or pung has 3, a kong 4."),
    ("meld", "honor_chow"): gettext_lazy("Meld {meld!r} is a chow of honors: only suit tiles form chows."),
    ("meld", "not_a_set"): gettext_lazy("Meld {meld!r} is not a chow, a pung or a kong."),
    ("meld", "concealed_not_kong"): gettext_lazy("Concealed meld {meld!r} must be a kong of four identical tiles."),
    ("context", "wind"): gettext_lazy("Unknown wind {value!r}."),
    ("context", "profile"): gettext_lazy("Unknown reading {value!r}: choose the Green Book or common practice."),
    ("context", "rule_set"): gettext_lazy("Unknown rule set {value!r}: choose the full or the elementary rules."),
    ("context", "flowers"): gettext_lazy("Flowers must be a whole number from 0 to 8."),
    ("context", "flag"): gettext_lazy("{name} must be yes or no."),
    ("context", "replacement_not_self_drawn"): gettext_lazy("A win on a kong replacement tile is self-drawn."),
    ("context", "replacement_without_kong"): gettext_lazy("A win on a kong replacement tile needs a kong in the hand."),
    ("context", "robbing_self_drawn"): gettext_lazy(
        "Robbing a kong is a win on another player's tile: it cannot be self-drawn."
    ),
    ("context", "robbing_holding_copy"): gettext_lazy(
        "Robbing a kong of {tile} is impossible while the winner holds another {tile}."
    ),
    ("context", "last_of_kind_holding_copy"): gettext_lazy(
        "The winning tile {tile} cannot be the last of its kind while the winner holds another {tile}."
    ),
    ("context", "seat"): gettext_lazy("Choose a player for {name}."),
    ("context", "discarder_is_winner"): gettext_lazy("The discarder cannot be the winner."),
    ("context", "points"): gettext_lazy("Points must be a whole number of at least 0."),
    ("context", "absent_seat_named"): gettext_lazy(
        "This player takes no part in the session: they neither win nor discard into a hand."
    ),
    ("context", "fan_numbers"): gettext_lazy("Declared fans must be a list of fan numbers."),
}


def hand_error_message(error: HandError) -> str:
    template = HAND_ERRORS.get((error.code, getattr(error, "variant", "")))
    if template is None:
        return str(error)
    return str(template).format(**error.params)


def reason_message(reason: str | None, fan_points: int = 0, minimum: int = 8) -> str:
    """Why a hand is not a legal win (3.7.2, 3.9.1.1; the elementary rules: 6, scoring/READINGS.md E2, E8)."""
    if reason == "not_complete":
        return _("This is not a complete winning hand (rule 3.7.2).")
    if reason == "shape_not_in_rule_set":
        return _(
            "The elementary rules do not know this hand's shape: only four sets and a pair, Seven Pairs and "
            "Lesser Honors and Knitted Tiles win under them (no Thirteen Orphans, no knitted straight)."
        )
    if reason == "below_minimum":
        if minimum != 8:
            return _(
                "The hand is worth %(points)d fan points; a win under the elementary rules needs at least "
                "%(minimum)d, flowers not counted."
            ) % {"points": fan_points, "minimum": minimum}
        return _("The hand is worth %(points)d fan points; a win needs at least 8 (rule 3.9.1.1).") % {
            "points": fan_points
        }
    return ""


def fan_display_name(fan, language: str) -> str:
    """A fan's name; takes the engine's Fan, since the common-practice kong item shares number 57."""
    if language.startswith("zh"):
        return fan.name_zh
    if language.startswith("ja"):
        return fan.name_ja
    return fan.name_en


def declared_problem_message(code: str, fan_a, fan_b, minimum: int = 8) -> str:
    if code == "excluded":
        return _("Fan %(a)s already includes fan %(b)s: they cannot both be scored (3.9.1.6).") % {
            "a": fan_a,
            "b": fan_b,
        }
    if code == "unknown_fan":
        return _("There is no fan %(a)s.") % {"a": fan_a}
    if code == "not_in_rule_set":
        return _("Fan %(a)s is not one of the 30 fans of the elementary rules.") % {"a": _fan_label(fan_a)}
    if code == "repeated":
        return _("Fan %(a)s is ticked more often than a hand can hold it.") % {"a": fan_a}
    if code == "below_minimum":
        if minimum != 8:
            return _("The declared fans add up to less than %(minimum)d points (elementary rules).") % {
                "minimum": minimum}
        return _("The declared fans add up to less than 8 points (rule 3.9.1.1).")
    return code


def _fan_label(number) -> str:
    from django.utils.translation import get_language

    from scoring.engine.fans import FAN_BY_NUMBER

    fan = FAN_BY_NUMBER.get(number)
    if fan is None:
        return str(number)
    return f"{number} {fan_display_name(fan, get_language() or 'en')}"


def declared_tiles_message(code: str, fan, detail, minimum: int = 8) -> str:
    """A problem of check_declared_tiles (declared scoring, 3.9.1.4), naming the fan."""
    if code == "unknown_fan":
        return _("There is no fan %(a)s.") % {"a": fan}
    if code == "not_in_rule_set":
        return _("Fan %(a)s is not one of the 30 fans of the elementary rules.") % {"a": _fan_label(fan)}
    if code == "unsupported":
        if detail:
            return _("The tiles give fan %(fan)s only %(n)d time(s): it was declared more often.") % {
                "fan": _fan_label(fan), "n": detail}
        return _("The tiles do not give fan %(fan)s: take it out of the declaration.") % {"fan": _fan_label(fan)}
    if code == "not_together":
        return _("No one reading of the tiles scores all of %(fans)s together (rule 3.9.1.6).") % {
            "fans": ", ".join(_fan_label(n) for n in detail)}
    if code == "not_a_win":
        return reason_message(detail, minimum=minimum)
    if code == "false_win":
        if minimum != 8:
            return _(
                "The declared fans add up to less than %(minimum)d points, on tiles worth %(points)d: this is a "
                "false win (错和, rule 3.11.6.6 with the elementary rules' minimum), not a win. Missed fans are not "
                "added (rule 3.9.1.4)."
            ) % {"points": detail, "minimum": minimum}
        return _(
            "The declared fans add up to less than 8 points, on tiles worth %(points)d: this is a false win "
            "(错和, rule 3.11.6.6), not a win. Missed fans are not added (rule 3.9.1.4)."
        ) % {"points": detail}
    return code
