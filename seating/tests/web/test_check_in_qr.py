"""The table cards carry the table's check-in QR code (3.5.7.1)."""

import pytest
from django.urls import reverse

from seating import services


@pytest.mark.django_db
def test_3_5_7_1_each_table_card_has_the_table_check_in_qr_code(client_for, organizer, tournament, registrations,
                                                                 monkeypatch):
    from seating import printing

    services.chart_generate(actor=organizer, tournament=tournament, seed=5)
    encoded = []
    real = printing.qr_svg
    monkeypatch.setattr(printing, "qr_svg", lambda url: encoded.append(url) or real(url))
    page = client_for(organizer).get(reverse("seating:print", args=[tournament.pk, "tables"])).content.decode()
    from tournaments.sessions.selectors import table_check_in_token

    urls = ["http://testserver" + reverse("tournaments:player_check_in", args=[
        tournament.pk, n, table_check_in_token(table=tournament.tables.get(number=n))]) for n in (1, 2, 3)]
    assert encoded == urls
    assert all(url in page for url in urls) and page.count("<svg") == 3
