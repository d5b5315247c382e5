"""The results certificate (Appendix 9, 7.2) as PDF, in the reader's language (WeasyPrint, as the
core's results sheet; the CJK font comes from the system)."""

from django.template.loader import render_to_string
from django.utils.translation import get_language

from scoring.engine.table import twelfths_display


def certificate_pdf(certificate, *, verify_url: str) -> bytes:
    from weasyprint import HTML

    result = certificate.result
    html = render_to_string("pin_ranking/certificate_pdf.html", {
        "certificate": certificate, "result": result, "competition": result.competition,
        "table_points": twelfths_display(result.table_points), "verify_url": verify_url,
        "language": get_language(),
    })
    return HTML(string=html).write_pdf()
