import pytest

from penalties.catalogue import FOULS, REFEREE_AMOUNTS, Sanction, escalating_points, lateness_sanction


def test_every_foul_has_an_article_a_sanction_and_three_languages():
    assert len({foul.code for foul in FOULS}) == len(FOULS)
    for foul in FOULS:
        assert foul.article and isinstance(foul.sanction, Sanction)
        assert foul.en and foul.zh and foul.ja
        assert foul.description("zh-hans") == foul.zh and foul.description("ja") == foul.ja
    assert REFEREE_AMOUNTS == (5, 10, 20, 30, 40, 50, 60)  # 3.11.2.2


@pytest.mark.parametrize(
    "after, series",
    [("double", [0, 5, 10, 20, 40, 80, 160]), ("flat", [0, 5, 10, 20, 20, 20, 20])],
)
def test_escalation_in_both_settings(after, series):
    assert [escalating_points(n, after_twenty=after) for n in range(1, 8)] == series


def test_escalation_refuses_nonsense():
    with pytest.raises(ValueError):
        escalating_points(0)
    with pytest.raises(ValueError):
        escalating_points(3, after_twenty="triple")


@pytest.mark.parametrize(
    "seconds, deduction, forfeit",
    [(1, 10, False), (600, 10, False), (601, 20, False), (900, 20, False), (901, 0, True), (3600, 0, True)],
)
def test_lateness_boundaries(seconds, deduction, forfeit):
    outcome = lateness_sanction(seconds)
    assert (outcome.deduction, outcome.forfeit) == (deduction, forfeit)


def test_passing_information_has_both_sanctions_of_3_11_6_9():
    """3.11.6.9: "本盘都可给予罚分或本盘停和陪打的处罚" - a deduction or no win this hand."""
    kinds = {(foul.sanction, foul.no_win) for foul in FOULS if foul.article == "3.11.6.9"}
    assert kinds == {(Sanction.DEDUCTION, False), (Sanction.NO_WIN, True)}


def test_each_foul_form_field_belongs_to_the_fouls_of_its_article():
    from penalties.catalogue import FOUL_BY_CODE, FOULS, foul_fields

    assert foul_fields(FOUL_BY_CODE["warning"]) == ()  # 3.11.1
    assert foul_fields(FOUL_BY_CODE["late"]) == ("late_minutes", "late_seconds")  # 3.11.2.1
    assert foul_fields(FOUL_BY_CODE["violation"]) == ("hand_number", "points")  # 3.11.2.2
    assert foul_fields(FOUL_BY_CODE["passing_information"]) == ("hand_number", "points")  # 3.11.6.9
    assert foul_fields(FOUL_BY_CODE["exposed_other_tiles"]) == ("hand_number", "points", "victim")  # 3.11.6.7(3)
    assert foul_fields(FOUL_BY_CODE["serious_disruption"]) == ("hand_number", "notice")  # 3.11.4, 3.11.6.10
    for foul in FOULS:  # a fixed sanction asks for no amount
        if foul.sanction in ("pay_each", "no_win", "escalating", "penalty_tiles"):
            assert "points" not in foul_fields(foul) and "victim" not in foul_fields(foul), foul.code
