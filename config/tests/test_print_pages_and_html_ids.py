"""Prints and pages: the English chart PDF opens on its first session, the print pages lead back to
the app, and no HTML id appears twice on the seating and fouls pages (a label ticks its own form's box)."""

import io
import re
from collections import Counter

import pytest
from django.urls import reverse
from pypdf import PdfReader

from seating import services as seating_services
from testing.documents import document_get
from tournaments.models import Player, Registration


def duplicate_ids(html: str) -> list[str]:
    return [i for i, n in Counter(re.findall(r'\bid="([^"]+)"', html)).items() if n > 1]


def labels_point_at_existing_ids(html: str) -> bool:
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    return all(target in ids for target in re.findall(r'<label for="([^"]+)"', html))


@pytest.fixture
def big_chart(organizer, tournament):
    for entry in range(1, 37):
        player = Player.objects.create(name=f"Player {entry}", country="CN" if entry % 2 else "JP")
        Registration.objects.create(tournament=tournament, player=player, entry_number=entry)
    seating_services.chart_generate(actor=organizer, tournament=tournament, seed=5)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_the_chart_pdf_starts_on_page_one_in_every_language(client_for, organizer, big_chart, language):
    response = document_get(
        client_for(organizer), reverse("seating:pdf", args=[big_chart.pk, "chart"]), HTTP_ACCEPT_LANGUAGE=language
    )
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]
    first_table = re.compile(r"^1 \d+ \d+ \d+ \d+$", re.M)  # table 1's row of session 1
    assert first_table.search(pages[0]), pages[0][:300]
    assert all(first_table.search(page) for page in pages)  # no page holds a title alone


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["chart", "tables", "players"])
def test_print_pages_link_back_to_the_app(client_for, organizer, referee, big_chart, kind):
    detail = reverse("tournaments:detail", args=[big_chart.pk])
    manage = reverse("seating:manage", args=[big_chart.pk])
    page = client_for(organizer).get(reverse("seating:print", args=[big_chart.pk, kind])).content.decode()
    assert f'href="{detail}"' in page and f'href="{manage}"' in page
    staff = client_for(referee).get(reverse("seating:print", args=[big_chart.pk, kind]))
    if staff.status_code == 200:  # a referee prints but does not manage the seating: no link to a 404
        assert f'href="{detail}"' in staff.content.decode() and f'href="{manage}"' not in staff.content.decode()


@pytest.mark.django_db
def test_the_seating_page_has_no_duplicate_ids(client_for, organizer, big_chart):
    html = client_for(organizer).get(reverse("seating:manage", args=[big_chart.pk])).content.decode()
    assert html.count('name="avoid_country"') == 1 + big_chart.sessions.count()
    assert duplicate_ids(html) == []
    assert labels_point_at_existing_ids(html)
    assert 'id="id_s3_standings_avoid_country"' in html


@pytest.mark.django_db
def test_seating_forms_still_post_with_their_own_ids(client_for, organizer, big_chart):
    response = client_for(organizer).post(reverse("seating:swap", args=[big_chart.pk, 1]), {"first": 1, "second": 2})
    assert response.status_code == 302


@pytest.mark.django_db
def test_the_fouls_page_has_no_duplicate_ids(client_for, fouled_sheet, chief_referee):
    html = client_for(chief_referee).get(reverse("penalties:sheet_fouls", args=[fouled_sheet.pk])).content.decode()
    assert duplicate_ids(html) == []
    assert labels_point_at_existing_ids(html)
    assert 'id="id_false_win_offender"' in html and 'id="id_offender"' in html
