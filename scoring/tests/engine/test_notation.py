"""The hand notation: melds in any order, tiles in any order, grouped or single."""
from scoring.engine import evaluate

from .helpers import fan_counts


def test_grouped_and_single_tiles_read_the_same():
    a = evaluate("[123m][345m]678p56sWW+7s")
    b = evaluate("[1m2m3m][3m4m5m]6p7p8p5s6sWW+7s")
    c = evaluate(" [123m] [345m] 678p 56s W W + 7s ")
    assert [(h.fan.number, h.count) for h in a.fans] == [(h.fan.number, h.count) for h in b.fans] \
        == [(h.fan.number, h.count) for h in c.fans]


def test_meld_and_tile_order_do_not_matter():
    assert fan_counts("[7777s]{1111p}234m567m8p+8p") == fan_counts("{1111p}[7777s]8p765m432m+8p")


def test_honor_letters():
    ev = evaluate("[EEE][SSS][WWW]NN99m+N")
    assert {h.fan.number for h in ev.fans} >= {1}
    ev = evaluate("[CCC][FFF]PP123m55s+P")
    assert 2 in {h.fan.number for h in ev.fans}


def test_exposed_kong_in_square_brackets_and_concealed_in_braces():
    assert 57 in fan_counts("[1111m][2222p]345s678sW+W")
    assert 48 in fan_counts("{1111m}{2222p}345s678sW+W")
