"""Seat-rotation engine for MCR tournaments (plain Python, no Django).

build_chart        pre-drawn chart: chart[session][table] = (E, S, W, N)
chart_metrics      repeats, worst pair, same-key seatings, starting-seat spread
seat_by_standings  one session seated from the current standings
spread_apart       soft keys (compatriots) apart where the hard ones (teammates) and repeats allow

Who sits where in each round of a session (Appendix 4) is scoring.engine.rotation: the score
sheets need it too, and the core does not import this app.
"""

from .chart import build_chart
from .metrics import ChartMetrics, chart_metrics
from .soft import fewest_same_key_seatings, spread_apart
from .standings import seat_by_standings

__all__ = ["build_chart", "chart_metrics", "seat_by_standings", "spread_apart", "fewest_same_key_seatings",
           "ChartMetrics"]
