"""HandEntry, the one shape in which a hand reaches the score sheet services, from each producer."""

import dataclasses
import uuid

import pytest

from tournaments.sheets.api import HandCorrectInput, HandInput
from tournaments.sheets.entry import WIN_FLAGS, HandEntry
from tournaments.sheets.forms import CorrectedHandForm
from tournaments.sheets.hand_scoring import scored_hand_fields

STRAIGHT = "123m456m789m123p5p+5p"  # 23 on a discard


def test_an_entry_from_a_mapping_takes_the_defaults_and_refuses_unknown_fields():
    entry = HandEntry.from_mapping({"result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT})
    assert entry == HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT)
    assert (entry.flowers, entry.declared_fans) == (0, ())
    assert not any(getattr(entry, flag) for flag in WIN_FLAGS)
    with pytest.raises(TypeError, match="'winer'"):
        HandEntry.from_mapping({"result": "win", "winer": 2})
    with pytest.raises(TypeError):
        HandEntry.from_mapping({"winner": 2})  # the result is required


def test_an_entry_is_frozen_and_holds_its_fans_as_a_tuple():
    entry = HandEntry(result="win", winner=1, declared_fans=[49, 73], tiles=None)
    assert entry.declared_fans == (49, 73) and entry.tiles == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.winner = 2  # type: ignore[misc]


def test_as_dict_reads_back_as_the_same_entry_and_a_draw_is_its_result_alone():
    win = HandEntry(result="win", winner=3, discarder=None, declared_fans=(49, 73), flowers=2, last_wall_tile=True)
    data = win.as_dict()
    assert data["declared_fans"] == [49, 73]  # JSON-ready
    assert HandEntry.from_mapping(data) == win
    assert HandEntry(result="draw", winner=2).as_dict() == {"result": "draw"}


@pytest.mark.django_db
def test_the_services_take_nothing_but_an_entry():
    with pytest.raises(TypeError, match="HandEntry"):
        scored_hand_fields(rules="green_book", number=1, entry={"result": "draw"})
    fields = scored_hand_fields(
        rules="green_book", number=1, entry=HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT)
    )
    assert (fields["total"], fields["d0"], fields["d2"]) == (23, -31, 47)


def test_the_api_input_gives_the_entry_without_number_key_version_or_reason():
    payload = HandInput(data={"number": 3, "client_key": str(uuid.uuid4()), "result": "win", "winner": 1,
                              "discarder": 2, "tiles": STRAIGHT, "robbing_kong": True})
    assert payload.is_valid(), payload.errors
    assert payload.hand_entry() == HandEntry(
        result="win", winner=1, discarder=2, tiles=STRAIGHT, flowers=0, robbing_kong=True
    )
    correction = HandCorrectInput(data={"version": 4, "reason": "wrong winner", "result": "draw"})
    assert correction.is_valid(), correction.errors
    assert correction.hand_entry() == HandEntry(result="draw")


def test_the_correction_form_gives_every_field_of_the_hand():
    form = CorrectedHandForm(data={"result": "win", "winner": "0", "discarder": "", "flowers": "",
                                   "declared_fans": "49，73", "kong_replacement": "on"})
    assert form.is_valid(), form.errors
    assert form.hand_entry("") == HandEntry(
        result="win", winner=0, discarder=None, tiles="", declared_fans=(49, 73), flowers=0, kong_replacement=True
    )
    draw = CorrectedHandForm(data={"result": "draw", "winner": "1"})
    assert draw.is_valid(), draw.errors
    assert draw.hand_entry(STRAIGHT) == HandEntry(result="draw")
