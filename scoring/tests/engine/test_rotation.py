import pytest

from scoring.engine.rotation import round_seats


def test_appendix_4_rounds():
    table = ("A", "B", "C", "D")
    assert round_seats(table, 0) == ("A", "B", "C", "D")
    assert round_seats(table, 1) == ("B", "A", "D", "C")
    assert round_seats(table, 2) == ("C", "D", "B", "A")
    assert round_seats(table, 3) == ("D", "C", "A", "B")


def test_every_player_sits_every_wind_once_per_session():
    table = ("A", "B", "C", "D")
    for wind in range(4):
        assert sorted(round_seats(table, r)[wind] for r in range(4)) == list(table)


def test_player_paths_match_the_rule_text():
    # Appendix 4 by player: 1 sits E,S,N,W; 2 sits S,E,W,N; 3 W,N,E,S; 4 N,W,S,E.
    winds = "ESWN"
    table = (1, 2, 3, 4)
    path = {p: "".join(winds[round_seats(table, r).index(p)] for r in range(4)) for p in table}
    assert path == {1: "ESNW", 2: "SEWN", 3: "WNES", 4: "NWSE"}


@pytest.mark.parametrize("bad", [-1, 4, 1.0, True, "1"])
def test_bad_round_index(bad):
    with pytest.raises(ValueError, match="round_index"):
        round_seats(("A", "B", "C", "D"), bad)


def test_table_must_have_four_seats():
    with pytest.raises(ValueError, match="4 starting seats"):
        round_seats(("A", "B", "C"), 0)
