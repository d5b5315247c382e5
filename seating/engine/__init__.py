"""Seat-rotation engine for MCR tournaments (plain Python, no Django).

build_chart        pre-drawn chart: chart[session][table] = (E, S, W, N)
chart_metrics      repeats, worst pair, same-key seatings, starting-seat spread
round_seats        who sits where in each round of a session (Appendix 4)
seat_by_standings  one session seated from the current standings
"""

from scoring.engine.rotation import WINDS, round_seats

from .chart import build_chart
from .metrics import ChartMetrics, chart_metrics
from .standings import seat_by_standings

__all__ = ["build_chart", "chart_metrics", "round_seats", "seat_by_standings", "ChartMetrics", "WINDS"]
