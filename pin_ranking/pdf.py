"""The results certificate (Appendix 9, 7.2) and the Pin certificate (7.4) as PDF, in the reader's
language (tournaments.documents, as the core's results sheet)."""

from django.template.loader import render_to_string
from django.utils.translation import get_language

from scoring.engine.table import twelfths_display
from tournaments import documents


def certificate_pdf(certificate, *, verify_url: str) -> bytes:
    result = certificate.result
    html = render_to_string("pin_ranking/register/certificate_pdf.html", {
        "certificate": certificate, "result": result, "competition": result.competition,
        "table_points": twelfths_display(result.table_points), "verify_url": verify_url,
        "language": get_language(),
    })
    return documents.html_to_pdf(html)


def pin_certificate_pdf(award, *, verify_url: str) -> bytes:
    """7.4 "向选手颁发证书": the numbered Pin certificate. Public fields only (name, country, Pin, date, number,
    the certifying committee), as in the public register: never the form's personal fields."""
    from django.utils.translation import gettext as _
    pin_text = (_("Pin %(pin)s") if award.track == "pin" else _("Web Pin %(pin)s")) % {"pin": award.pin}
    html = render_to_string("pin_ranking/committee/pin_certificate_pdf.html", {
        "award": award, "pin_text": pin_text, "verify_url": verify_url, "language": get_language()})
    return documents.html_to_pdf(html)
