"""waits(): tiles that complete a 13-tile hand, in every shape."""
from scoring.engine import waits


def test_chicken_hand_wait():
    assert waits("[123m][345m]678p56sWW") == ("4s", "7s")


def test_not_waiting():
    assert waits("[123m][345m]678p59sWN") == ()


def test_nine_gates_waits_on_nine_tiles():
    assert waits("1112345678999m") == tuple(f"{r}m" for r in range(1, 10))


def test_thirteen_orphans_thirteen_sided():
    assert len(waits("19m19p19sESWNCFP")) == 13


def test_seven_pairs_wait():
    assert waits("1199m2255s3377pE") == ("E",)


def test_honors_and_knitted_wait():
    assert "P" in waits("147m258s3pESWNCF")


def test_knitted_straight_wait():
    assert "5p" in waits("147m258s369p123m5p")


def test_fifth_copy_is_not_a_wait():
    assert waits("[1111m][567p][789s]23mEE") == ("4m",)
