"""Fixtures the reports' tests share."""

import pytest

from testing.statistics import build


@pytest.fixture
def scenario(tournament, registrations, organizer, referee, chief_referee, pins):
    """The statistics scenario (testing/statistics.py), for the statistics and the exports."""
    return build(tournament=tournament, registrations=registrations, organizer=organizer, referee=referee,
                 chief_referee=chief_referee)
