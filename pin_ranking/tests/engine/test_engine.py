"""The Pin engine at every boundary of Appendix 9 (4.4-4.7, 5): plain Python, no database."""

import pytest

from pin_ranking.engine import (
    Certifier,
    CompetitionClass,
    Edition,
    Level,
    Result,
    Track,
    competition_class,
    ledger,
    ledgers,
    shared_ranks,
    standards_for,
)

S = standards_for(Edition.E2014)
TP = 12  # one table point in twelfths

PIN_POINTS = {9: 20, 8: 30, 7: 40, 6: 60, 5: 80, 4: 100, 3: 120, 2: 160, 1: 200}
PIN_CONTEST = {6: 1000, 5: 1500, 4: 2000, 3: 3000, 2: 4000, 1: 5000}
PIN_TOP = {6: 16, 5: 12, 4: 8, 3: 6, 2: 3, 1: 1}
PIN_UNIT = {6: 3, 5: 2, 4: 1}
WEB_POINTS = {9: 1000, 8: 3000, 7: 5000, 6: 10000, 5: 15000, 4: 20000, 3: 30000, 2: 40000, 1: 50000}
WEB_TOP = {6: 24, 5: 16, 4: 12, 3: 8, 2: 6, 1: 3}


def r(key=1, *, level=Level.WORLD, klass="A", tp=0, cp=0, rank=None, group=None, team=None):
    return Result(key, level, klass, tp, cp, rank, group, team)


# --- 4.6 thresholds, Pin track -------------------------------------------------------------------------


def test_4_6_the_standards_table_is_the_rulebook_table():
    rows = {s.pin: s for s in S.table(Track.PIN)}
    assert {p: s.points for p, s in rows.items()} == PIN_POINTS
    assert {p: s.contest_points for p, s in rows.items() if s.contest_points} == PIN_CONTEST
    assert {p: s.placing.individual_top for p, s in rows.items() if s.placing.required} == PIN_TOP
    assert {p: s.placing.unit_top for p, s in rows.items() if s.placing.unit_top} == PIN_UNIT
    web = {s.pin: s for s in S.table(Track.WEB_PIN)}
    assert {p: s.points for p, s in web.items()} == WEB_POINTS
    assert {p: s.placing.individual_top for p, s in web.items() if s.placing.required} == WEB_TOP


@pytest.mark.parametrize("pin", [9, 8, 7])
def test_4_6_pin_9_to_7_table_points_at_and_just_below(pin):
    at = ledger([r(tp=PIN_POINTS[pin] * TP)], S, Track.PIN)
    assert at.pin == pin
    below = ledger([r(tp=PIN_POINTS[pin] * TP - 1)], S, Track.PIN)  # one twelfth short
    assert below.pin == (pin + 1 if pin < 9 else None)
    assert below.missing.pin == pin and below.missing.points == 1


@pytest.mark.parametrize("pin", [6, 5, 4, 3, 2, 1])
def test_4_6_pin_6_to_1_each_measure_at_and_just_below(pin):
    tp, cp, top = PIN_POINTS[pin] * TP, PIN_CONTEST[pin], PIN_TOP[pin]
    assert ledger([r(tp=tp, cp=cp, rank=top)], S, Track.PIN).pin == pin
    lower = 7 if pin == 6 else pin + 1
    # table points one twelfth short
    short_tp = ledger([r(tp=tp - 1, cp=cp, rank=top)], S, Track.PIN)
    assert short_tp.pin == lower and short_tp.missing.points == 1 and short_tp.missing.contest_points == 0
    # contest points one short
    short_cp = ledger([r(tp=tp, cp=cp - 1, rank=top)], S, Track.PIN)
    assert short_cp.pin == lower and short_cp.missing.contest_points == 1 and short_cp.missing.placing is None
    # placing one short
    short_rank = ledger([r(tp=tp, cp=cp, rank=top + 1)], S, Track.PIN)
    assert short_rank.pin == lower and short_rank.missing.placing is not None
    assert short_rank.missing.points == 0 and short_rank.missing.contest_points == 0


@pytest.mark.parametrize("pin", [6, 5, 4, 3, 2, 1])
def test_4_5_all_three_measures_required_none_stands_in(pin):
    """4.6 说明2: 以上1品至6品的3项标准应同时达到，不能缺少或互相替代 -- a surplus elsewhere never helps."""
    huge = 10**6
    assert ledger([r(tp=huge * TP, cp=huge)], S, Track.PIN).pin == 7  # no placing at all
    assert ledger([r(tp=PIN_POINTS[pin] * TP - 1, cp=huge, rank=1)], S, Track.PIN).pin != pin
    assert ledger([r(tp=huge * TP, cp=PIN_CONTEST[pin] - 1, rank=1)], S, Track.PIN).pin != pin


# --- placings: individual, group, team, shared ranks, better satisfies lower -------------------------------


@pytest.mark.parametrize("pin", [6, 5, 4])
@pytest.mark.parametrize("unit", ["group", "team"])
def test_4_6_placing_by_group_or_team(pin, unit):
    tp, cp = PIN_POINTS[pin] * TP, PIN_CONTEST[pin]
    at = ledger([r(klass="B", tp=tp, cp=cp, **{unit: PIN_UNIT[pin]})], S, Track.PIN)
    assert at.pin == pin
    below = ledger([r(klass="B", tp=tp, cp=cp, **{unit: PIN_UNIT[pin] + 1})], S, Track.PIN)
    assert below.pin == (pin + 1 if pin < 6 else 7)


def test_4_6_a_champion_team_member_meets_third_place():
    one = ledger([r(klass="C", tp=60 * TP, cp=1000, team=1)], S, Track.PIN)
    assert one.pin == 6
    assert all(s.placing.met for s in one.statuses if s.pin >= 4)


def test_4_6_a_group_placing_does_not_meet_a_class_a_individual_requirement():
    one = ledger([r(tp=200 * TP, cp=5000, group=1, team=1)], S, Track.PIN)
    assert one.pin == 4
    assert one.missing.pin == 3 and one.missing.placing["kind"] == "class_a_individual"


@pytest.mark.parametrize("pin", [3, 2, 1])
def test_4_6_pin_3_to_1_need_class_a(pin):
    tp, cp, top = PIN_POINTS[pin] * TP, PIN_CONTEST[pin], PIN_TOP[pin]
    assert ledger([r(klass="A", tp=tp, cp=cp, rank=top)], S, Track.PIN).pin == pin
    assert ledger([r(klass="B", tp=tp, cp=cp, rank=top)], S, Track.PIN).pin == 4  # top <= 8 anywhere


def test_4_6_better_placing_satisfies_lower_requirement_across_competitions():
    results = [r(1, klass="A", tp=100 * TP, cp=3000, rank=1), r(2, klass="C", tp=30 * TP, cp=-500, rank=40)]
    one = ledger(results, S, Track.PIN)
    assert one.pin == 3  # 130 TP, 3000 CP, class-A winner
    assert one.missing.pin == 2 and one.missing.points == 30 * TP and one.missing.contest_points == 1000


def test_3_10_1_shared_ranks_tied_16th_is_in_the_top_16():
    rows = [(k, 100 - k, 0) for k in range(15)] + [(15, 50, 300), (16, 50, 300), (17, 50, 299)]
    ranks = shared_ranks(rows)
    assert ranks[15] == ranks[16] == 16 and ranks[17] == 18
    assert ledger([r(klass="C", tp=60 * TP, cp=1000, rank=ranks[16])], S, Track.PIN).pin == 6
    assert shared_ranks([("a", 24, 5), ("b", 24, 5), ("c", 24, 5)]) == {"a": 1, "b": 1, "c": 1}
    assert shared_ranks([("a", 24, 5), ("b", 24, 6)]) == {"b": 1, "a": 2}


# --- 4.2 / 4.6 note 1: positive contest points per competition --------------------------------------------


def test_4_6_note_1_negative_competition_total_adds_nothing():
    results = [r(1, tp=60 * TP, cp=1200, rank=1), r(2, tp=0, cp=-900, rank=70)]
    one = ledger(results, S, Track.PIN)
    assert one.contest_points == 1200
    assert one.pin == 6
    assert ledger([r(1, tp=60 * TP, cp=999, rank=1), r(2, cp=0), r(3, cp=1)], S, Track.PIN).contest_points == 1000


def test_4_1_table_points_exact_in_twelfths():
    # 41.5 table points = 498 twelfths, from 20 + 21.5
    one = ledger([r(1, tp=20 * TP), r(2, tp=21 * TP + 6)], S, Track.PIN)
    assert one.points == 498 and one.pin == 7


# --- 4.4 / 3.5 which results count --------------------------------------------------------------------------


def test_4_4_classless_competition_not_counted():
    one = ledger([r(klass=None, tp=500 * TP, cp=9000, rank=1)], S, Track.PIN)
    assert one.pin is None and one.counted == () and one.points == 0


def test_3_5_tracks_never_mix():
    pin = r(1, level=Level.WORLD, klass="A", tp=200 * TP, cp=50000, rank=1)
    web = r(2, level=Level.WEB, klass="C", tp=200 * TP, cp=50000, rank=1)
    both = ledgers([pin, web], S)
    assert both[Track.PIN].pin == 1 and [c["competition"] for c in both[Track.PIN].counted] == [1]
    assert both[Track.WEB_PIN].pin == 1 and [c["competition"] for c in both[Track.WEB_PIN].counted] == [2]
    assert ledgers([web], S)[Track.PIN].pin is None
    assert ledgers([pin], S)[Track.WEB_PIN].pin is None


# --- 4.7 Web Pin ----------------------------------------------------------------------------------------------


def w(key=1, *, cp=0, rank=None):
    return Result(key, Level.WEB, "C", 0, cp, rank)


@pytest.mark.parametrize("pin", [9, 8, 7])
def test_4_7_web_pin_9_to_7_points_at_and_just_below(pin):
    assert ledger([w(cp=WEB_POINTS[pin])], S, Track.WEB_PIN).pin == pin
    below = ledger([w(cp=WEB_POINTS[pin] - 1)], S, Track.WEB_PIN)
    assert below.pin == (pin + 1 if pin < 9 else None) and below.missing.points == 1


@pytest.mark.parametrize("pin", [6, 5, 4, 3, 2, 1])
def test_4_7_web_pin_6_to_1_points_and_placing_both_required(pin):
    pts, top = WEB_POINTS[pin], WEB_TOP[pin]
    assert ledger([w(cp=pts, rank=top)], S, Track.WEB_PIN).pin == pin
    lower = 7 if pin == 6 else pin + 1
    assert ledger([w(cp=pts - 1, rank=top)], S, Track.WEB_PIN).pin == lower
    assert ledger([w(cp=pts, rank=top + 1)], S, Track.WEB_PIN).pin == lower
    assert ledger([w(cp=10**7)], S, Track.WEB_PIN).pin == 7


def test_4_7_web_points_are_positive_totals():
    assert ledger([w(1, cp=6000), w(2, cp=-5000)], S, Track.WEB_PIN).points == 6000


# --- 5 classes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "players", "sessions", "klass"),
    [
        (Level.WORLD, 80, 8, "A"),
        (Level.WORLD, 79, 8, "B"),
        (Level.WORLD, 80, 7, "B"),
        (Level.INTERCONTINENTAL, 80, 8, "A"),
        (Level.WORLD, 70, 8, "B"),
        (Level.WORLD, 60, 6, "B"),
        (Level.WORLD, 59, 6, "C"),
        (Level.WORLD, 40, 6, "C"),
        (Level.WORLD, 39, 6, None),
        (Level.WORLD, 200, 5, None),
        (Level.NATIONAL, 100, 8, "B"),
        (Level.NATIONAL, 1000, 12, "B"),
        (Level.CONTINENTAL, 60, 6, "B"),
        (Level.INTERNATIONAL, 60, 6, "B"),
        (Level.NATIONAL, 59, 6, "C"),
        (Level.NATIONAL, 60, 5, None),
        (Level.REGIONAL, 100, 8, "C"),
        (Level.FRIENDLY, 40, 6, "C"),
        (Level.FRIENDLY, 39, 6, None),
        (Level.REGIONAL, 40, 5, None),
        (Level.WEB, 500, 10, "C"),
        (Level.WEB, 39, 10, None),
    ],
)
def test_5_class_boundaries(level, players, sessions, klass):
    decision = competition_class(level=level, players=players, sessions=sessions)
    assert (decision.klass and str(decision.klass)) == klass
    assert decision.counts == (klass is not None)


def test_5_1_1_class_a_is_80_players_and_8_sessions_not_the_english_60_and_6():
    decision = competition_class(level=Level.WORLD, players=60, sessions=6)
    assert decision.klass == CompetitionClass.B
    assert {(s.what, s.needed, s.has) for s in decision.shortfalls if s.klass == "A"} == {
        ("players", 80, 60), ("sessions", 8, 6)}


def test_5_reason_when_no_class_names_every_shortfall():
    decision = competition_class(level=Level.REGIONAL, players=30, sessions=5)
    assert decision.klass is None
    c = {(s.what, s.needed, s.has) for s in decision.shortfalls if s.klass == "C"}
    assert c == {("players", 40, 30), ("sessions", 6, 5)}
    assert ("level", None, None) in {(s.what, s.needed, s.has) for s in decision.shortfalls if s.klass == "A"}


def test_5_bad_input():
    with pytest.raises(ValueError):
        competition_class(level="galactic", players=80, sessions=8)
    with pytest.raises(ValueError):
        competition_class(level=Level.WORLD, players=-1, sessions=8)


# --- 7.3-7.4 certifying levels per edition --------------------------------------------------------------------


def test_7_3_2006_the_world_body_certifies_every_pin():
    s = standards_for("2006")
    assert {s.certifier(Track.PIN, p) for p in range(1, 10)} == {Certifier.WORLD}


def test_7_3_2014_member_organizations_certify_pin_4_and_below():
    s = standards_for("2014")
    assert [s.certifier(Track.PIN, p) for p in range(1, 10)] == [Certifier.WORLD] * 3 + [Certifier.MEMBER] * 6


def test_7_4_web_pins_come_from_an_authorized_website():
    for edition in ("2006", "2014"):
        assert {standards_for(edition).certifier(Track.WEB_PIN, p) for p in range(1, 10)} == {Certifier.WEBSITE}


def test_standards_bad_input():
    with pytest.raises(ValueError):
        standards_for("2030")
    with pytest.raises(ValueError):
        S.standard(Track.PIN, 10)


def test_ledger_data_is_plain_and_names_the_next_pin():
    one = ledger([r(tp=45 * TP, cp=800, rank=20)], S, Track.PIN)
    data = one.as_data()
    assert data["pin"] == 7 and data["track"] == "pin"
    assert data["missing"] == {"pin": 6, "points": 15 * TP, "contest_points": 200,
                               "placing": {"kind": "individual_or_unit", "individual_top": 16, "unit_top": 3}}
    top = ledger([r(tp=200 * TP, cp=5000, rank=1)], S, Track.PIN)
    assert top.pin == 1 and top.missing is None
