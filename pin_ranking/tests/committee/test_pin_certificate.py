"""7.4 "选手品级认定申请获准后，世界麻将竞赛中心向选手颁发证书，建立档案，…公布": the numbered Pin certificate as a
PDF in the three languages, issued on approval, with public fields only, and its page in the public register."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pin_ranking.committee.services import application_decide
from pin_ranking.models import PinAward
from pin_ranking.tests.helpers import FORM, file


@pytest.fixture
def award(applicant, member):
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    return PinAward.objects.get()


def _pdf_text(language, number):
    answer = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("pin_ranking:pin_certificate_pdf", args=[number]))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


@pytest.mark.parametrize("language, words", [
    ("en", ["Pin certificate", "Pin 7", "certificate number", "Chinese Pin Committee"]),
    ("zh-hans", ["品级证书", "7品", "证书编号", "颁发日期"]),
    ("ja", ["品級証明書", "7品", "証明書番号", "授与日"]),
])
def test_7_4_the_pin_certificate_in_each_language(award, language, words):
    text = _pdf_text(language, award.number)
    for word in [award.number, "Wang Fang", award.awarded_on.isoformat(), *words]:
        assert word in text, (language, word)
    # Public fields only: never the form's sex, age, ID number or contact.
    for private in (FORM["id_number"], FORM["contact"]):
        assert private not in text
    assert reverse("pin_ranking:award", args=[award.number]) in text  # where anyone verifies it


def test_no_certificate_before_approval_and_none_for_an_unknown_number(applicant, member):
    application = file(applicant.user, applicant)
    client = Client()
    assert client.get(reverse("pin_ranking:pin_certificate_pdf", args=["P2026-00001"])).status_code == 404
    application_decide(actor=member, application_id=application.pk, decision="reject", version=1, reason="Unsigned")
    assert not PinAward.objects.exists()
    assert client.get(reverse("pin_ranking:award", args=["P2026-00001"])).status_code == 404


def test_the_certificate_is_linked_from_the_register_the_application_and_my_pin(award, applicant, member):
    register = Client().get(reverse("pin_ranking:register")).content.decode()
    assert reverse("pin_ranking:award", args=[award.number]) in register
    page = Client().get(reverse("pin_ranking:award", args=[award.number])).content.decode()
    pdf = reverse("pin_ranking:pin_certificate_pdf", args=[award.number])
    assert pdf in page and "Chinese Pin Committee" in page and FORM["id_number"] not in page
    holder = Client()
    holder.force_login(applicant.user)
    assert pdf in holder.get(reverse("pin_ranking:application", args=[award.application_id])).content.decode()
    assert pdf in holder.get(reverse("pin_ranking:my_pin")).content.decode()
