"""The counting principles of 3.9.1.6 and the 8-point minimum of 3.9.1.1."""
import pytest

from scoring.engine import evaluate
from scoring.engine.fans import EXCLUSIONS
from scoring.engine_testing.generator import corpus

from .helpers import fan_counts

GB = "green_book"


def test_non_repeat_on_generated_hands():
    """No scored fan is one that another scored fan excludes (Green Book)."""
    for hand in corpus(11, 1500):
        numbers = {h.fan.number for h in evaluate(hand.notation, **hand.kwargs).fans}
        for a in numbers:
            assert not (EXCLUSIONS[a] & numbers), (hand.notation, a, EXCLUSIONS[a] & numbers)


@pytest.mark.parametrize("hand, fan, excluded", [
    ("[EEE][SSS][WWW]NN99m+N", 1, {38, 49, 60, 61, 73}),
    ("[222m][444p][666s]888m4s+4s", 21, {49, 68, 76}),
    ("[123m][789m][123p]789p5s+5s", 29, {63, 70, 72, 76}),
    ("{1111m}{2222p}345s678sW+W", 48, {66, 67}),
    ("[1111m][2222p]345s678sW+W", 57, {74}),
])
def test_non_repeat_examples(hand, fan, excluded):
    counts = fan_counts(hand, GB)
    assert fan in counts and not set(counts) & excluded


def test_non_separation_one_reading_only():
    # 111222333m: Pure Shifted Pungs or Pure Triple Chow, never both
    counts = fan_counts("111222333m456p5s+5s", GB)
    assert (23 in counts) != (24 in counts)


def test_non_identical():
    # 456m 345p 567s form Mixed Shifted Chows; 678p with 456m 567s cannot form it again
    counts = fan_counts("[456m][345p][567s]678p5m+5m", GB)
    assert counts.get(51) == 1


def test_high_versus_low_keeps_the_best_reading():
    # read as pungs: Pure Shifted Pungs + Three Concealed Pungs beats Pure Triple Chow
    ev = evaluate("111222333m456p5s+5s", self_drawn=True)
    numbers = {h.fan.number for h in ev.fans}
    assert {24, 33} <= numbers and 23 not in numbers
    # with the three chows exposed only the chow reading exists
    melded = fan_counts("[123m][123m][123m]456p5s+5s", GB)
    assert 23 in melded


def test_discard_pung_exposed_unless_in_chow():
    assert 33 not in fan_counts("[123m]111p222s77p55s+7p", GB)
    assert 66 in fan_counts("[123m]111p666p45pEE+6p", GB)


def test_minimum_eight_points():
    ev = evaluate("[123m][456m]345p789s9s+9s")
    assert not ev.is_winning and ev.reason == "below_minimum" and ev.fan_points < 8
    ok = evaluate("[123m][345m]678p56sWW+7s")
    assert ok.is_winning and ok.reason is None


def test_not_complete():
    ev = evaluate("[123m][345m]678p56sWN+7s")
    assert not ev.is_winning and ev.reason == "not_complete" and ev.fans == [] and ev.fan_points == 0


def test_flowers_only_after_a_win_count_in_total():
    ev = evaluate("[123m][345m]678p56sWN+7s", flowers=2)
    assert ev.total == 2 and not ev.is_winning


def test_explanations_name_the_sets():
    ev = evaluate("[123m][123m]456p789sE+E")
    hits = {h.fan.number: h for h in ev.fans}
    assert hits[69].sets == ("[123m]", "[123m]")
    assert "Pure Double Chow" in hits[69].explanation
    assert hits[79].sets == ("+E",)
    ev = evaluate("[CCC][123m]456p789sE+E")
    assert {h.fan.number: h.sets for h in ev.fans}[59] == ("[CCC]",)
