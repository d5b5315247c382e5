"""PDF documents: every PDF the app serves is HTML rendered here, once, by WeasyPrint.

The score sheets (Appendix 5), the results sheet (Appendix 7), the seating prints and the Pin
certificates each render a template to HTML and hand it to `html_to_pdf`: one place that knows the
renderer. The CJK font (WenQuanYi Micro Hei, Debian's fonts-wqy-microhei) comes from the system.
Call it as `documents.html_to_pdf(...)`: the tests render each distinct document once per module
through this name (tournaments.testing.fixtures, `pdfs_rendered_once_per_module`).
"""


def html_to_pdf(html: str) -> bytes:
    """The PDF of an HTML page (A4 and margins are the template's @page rules)."""
    from weasyprint import HTML

    return HTML(string=html).write_pdf()
