"""FlatSerializer (sheets/api.py): the hand's input and answer share their declared fields' settings
between instances instead of rebuilding them. Each instance must still have fields of its own."""

import pytest
from rest_framework import serializers

from tournaments.sheets.api import FlatSerializer, HandInput, HandRecordedOutput


def test_each_instance_binds_fields_of_its_own():
    first, second = HandInput(data={}), HandInput(data={})
    for name in ("number", "winner", "declared_fans"):
        assert first.fields[name] is not second.fields[name]
        assert first.fields[name].parent is first and second.fields[name].parent is second
        assert first.fields[name] is not HandInput._declared_fields[name]
    assert HandInput._declared_fields["number"].parent is None  # the declaration stays unbound


def test_validation_and_answers_are_unchanged():
    good = HandInput(data={"number": 3, "result": "win", "winner": 1, "discarder": 2, "tiles": "x"})
    bad = HandInput(data={"number": 17, "result": "flower", "winner": "east", "declared_fans": ["a"]})
    assert good.is_valid(), good.errors
    assert good.validated_data["flowers"] == 0 and good.validated_data["last_of_kind"] is False
    assert not bad.is_valid()
    assert {name: [error.code for error in errors] if isinstance(errors, list) else errors
            for name, errors in bad.errors.items()} == {
        "number": ["max_value"], "result": ["invalid_choice"], "winner": ["invalid"],
        "declared_fans": {0: ["A valid integer is required."]},
    }
    # The good one, validated after the bad one, is not affected by it (nothing shared was changed).
    again = HandInput(data={"number": 3, "result": "draw"})
    assert again.is_valid(), again.errors

    class Sheet:
        version, totals = 4, [1, -1, 0, 0]

    class Hand:
        number, result, winner, discarder, verified = 3, "win", 1, None, True
        fans, fan_points, total, deltas, sheet = [{"number": 1, "count": 1}], 8, 8, [-16, 48, -16, -16], Sheet()

    assert HandRecordedOutput(Hand()).data == {
        "number": 3, "result": "win", "winner": 1, "discarder": None, "verified": True,
        "fans": [{"number": 1, "count": 1}], "fan_points": 8, "total": 8, "deltas": [-16, 48, -16, -16],
        "sheet_version": 4, "sheet_totals": [1, -1, 0, 0],
    }


def test_a_nested_serializer_is_refused():
    class Inner(serializers.Serializer):
        value = serializers.IntegerField()

    class Outer(FlatSerializer):
        inner = Inner()

    with pytest.raises(TypeError, match="Outer.inner: a FlatSerializer takes no nested serializer"):
        Outer(data={}).fields
