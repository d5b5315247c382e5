"""Bad input raises HandError with a stable code, params and a message saying what to fix."""
import pytest

from scoring.engine import MESSAGES, HandError, check_declared, evaluate, settle, waits

OK = "[123m][345m]678p56sWW+7s"


@pytest.mark.parametrize("hand, code, variant", [
    ("", "notation", "empty"),
    ("123x456p", "notation", "character"),
    ("123m456", "notation", "digits_without_suit"),
    ("012m345m678p56sWW+7s", "notation", "zero"),
    ("[123m345m678p56sWW+7s", "notation", "bracket"),
    ("[12[3m]]345m678p56sWW+7s", "notation", "bracket"),
    ("123m]345m678p56sWW+7s", "notation", "bracket"),
    ("345m678p[123m]56sWW+7s", "notation", "meld_after_tiles"),
    ("[123m][345m]678p56sWW+7s7s", "notation", "winning_tile"),
    ("[123m][345m]678p56sWW+", "notation", "winning_tile"),
    ("[123m][345m]678p56sWW7s", "notation", "missing_winning_tile"),
    ("[123m][345m]678p56sW+7s", "tile_count", "hand"),
    ("[123m][345m]678p56sWWW+7s", "tile_count", "hand"),
    ("[123m][123m][123m][123m]1m+1m", "too_many_copies", "copies"),
    ("[11111m]345m678p56sWW+7s", "meld", "size"),
    ("[12m]345m678p56sWW+7s", "meld", "size"),
    ("[ESW]345m678p56sWW+7s", "meld", "honor_chow"),
    ("[135m]345m678p56sWW+7s", "meld", "not_a_set"),
    ("[12p3m]345m678p56sWW+7s", "meld", "not_a_set"),
    ("{123m}345m678p56sWW+7s", "meld", "concealed_not_kong"),
    ("[m123]345m678p56sWW+7s", "notation", "character"),
    ("[123m]345m678p56sWW+7s+7s", "notation", "winning_tile"),
    ("{111m}345m678p56sWWW+7s", "meld", "concealed_not_kong"),
])
def test_bad_notation(hand, code, variant):
    with pytest.raises(HandError) as err:
        evaluate(hand)
    assert err.value.code == code
    assert err.value.variant == variant
    assert str(err.value) == MESSAGES[code][variant].format(**err.value.params)


def test_five_copies_names_the_tile():
    with pytest.raises(HandError) as err:
        evaluate("[5555m]555m678p56sWW+7s")
    assert err.value.code == "too_many_copies"
    assert err.value.params == {"tile": "5m", "count": 7}
    assert "5m" in str(err.value)


@pytest.mark.parametrize("kwargs, variant", [
    ({"seat_wind": "X"}, "wind"),
    ({"prevalent_wind": "east"}, "wind"),
    ({"profile": "riichi"}, "profile"),
    ({"flowers": 9}, "flowers"),
    ({"flowers": -1}, "flowers"),
    ({"flowers": True}, "flowers"),
    ({"self_drawn": "yes"}, "flag"),
    ({"last_wall_tile": None}, "flag"),
    ({"robbing_kong": 1}, "flag"),   # equal to True, yet not a flag
    ({"kong_replacement": True}, "replacement_not_self_drawn"),
    ({"kong_replacement": True, "self_drawn": True}, "replacement_without_kong"),
    ({"robbing_kong": True, "self_drawn": True}, "robbing_self_drawn"),
])
def test_impossible_context(kwargs, variant):
    with pytest.raises(HandError) as err:
        evaluate(OK, **kwargs)
    assert err.value.code == "context"
    assert err.value.variant == variant
    if variant == "flag":
        (name, value), = kwargs.items()
        assert err.value.params == {"name": name, "value": value}


def test_robbing_a_kong_while_holding_a_copy():
    with pytest.raises(HandError) as err:
        evaluate("[123m][345m]678p67sWW+7s", robbing_kong=True)
    assert (err.value.code, err.value.variant, err.value.params) == (
        "context", "robbing_holding_copy", {"tile": "7s"})
    with pytest.raises(HandError):  # a copy in the winner's own exposed chow counts too
        evaluate("[567s][345m]678p12mWW+3m", robbing_kong=True)


def test_last_of_kind_while_holding_a_copy_concealed():
    with pytest.raises(HandError) as err:
        evaluate("[123m][345m]678p7sWWW+7s", last_of_kind=True)
    assert err.value.variant == "last_of_kind_holding_copy"
    # copies in the winner's exposed melds are visible: allowed
    assert evaluate("[777s][345m]678p1m9mWW+7s", last_of_kind=False) is not None


def test_waits_errors():
    with pytest.raises(HandError) as err:
        waits(OK)
    assert err.value.variant == "unexpected_winning_tile"
    with pytest.raises(HandError) as err:
        waits("[123m][345m]678p56sW")
    assert (err.value.code, err.value.variant) == ("tile_count", "waiting")


@pytest.mark.parametrize("args, variant", [
    ((-1,), "points"), ((1.5,), "points"), ((10, 4, 0), "seat"), ((10, 1, 1), "discarder_is_winner"),
    ((10, 1, 7), "seat"), ((10, True, 0), "seat"),
])
def test_settle_errors(args, variant):
    with pytest.raises(HandError) as err:
        settle(*args)
    assert (err.value.code, err.value.variant) == ("context", variant)


def test_check_declared_errors():
    with pytest.raises(HandError):
        check_declared([1], profile="nope")
    with pytest.raises(HandError):
        check_declared(5)
    with pytest.raises(HandError):
        check_declared([1], flowers=9)


def test_hand_error_is_a_value_error():
    assert issubclass(HandError, ValueError)


def test_every_template_formats():
    """Each message template names its parameters correctly."""
    import string
    for code, variants in MESSAGES.items():
        for variant, template in variants.items():
            names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            err = HandError(code, variant, **{n: "X" for n in names})
            assert err.code == code and str(err)
