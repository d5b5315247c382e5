"""Fixtures the penalties and appeals tests share, loaded by the root conftest.py (`pytest_plugins`)."""

import pytest

from penalties.services import penalty_record


@pytest.fixture
def fouled_sheet(referee, sheet, registrations):
    """Table 1's sheet with one foul: a 20-point violation by entry 1 in hand 1."""
    penalty_record(actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=1, points=20)
    return sheet
