"""PDF documents: every PDF the app serves is HTML rendered here, once, by WeasyPrint.

The score sheets (Appendix 5), the results sheet (Appendix 7), the seating prints and the Pin
certificates each render a template to HTML and hand it to `html_to_pdf`: one place that knows the
renderer. The CJK font (WenQuanYi Micro Hei, Debian's fonts-wqy-microhei) comes from the system: `make run`
installs it when it can (scripts/fonts.sh) and the system check `tournaments.W001` says when none is found
(issue 29: on a fresh machine every Chinese and Japanese name came out as boxes). A cached document names
`renderer_fingerprint()` in its key, so installing a font or another WeasyPrint makes it anew.
Call it as `documents.html_to_pdf(...)`: the tests render each distinct document once per module
through this name (tournaments.testing.fixtures, `pdfs_rendered_once_per_module`).
"""


import functools
import hashlib
import subprocess


def html_to_pdf(html: str) -> bytes:
    """The PDF of an HTML page (A4 and margins are the template's @page rules)."""
    from weasyprint import HTML

    return HTML(string=html).write_pdf()


@functools.cache
def cjk_fonts() -> tuple[str, ...]:
    """The font files fontconfig offers for Chinese and for Japanese (both needed), as WeasyPrint finds them."""
    found = []
    for lang in ("zh-cn", "ja"):
        try:
            listed = subprocess.run(["fc-list", f":lang={lang}", "file"], capture_output=True, text=True, timeout=10,
                                    check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return ()
        files = sorted(line.split(":")[0].strip() for line in listed.splitlines() if line.strip())
        if not files:
            return ()
        found.extend(files)
    return tuple(sorted(set(found)))


@functools.cache
def renderer_fingerprint() -> str:
    """What a rendered PDF depends on besides its data: WeasyPrint's version and the CJK fonts installed."""
    try:
        from weasyprint import __version__ as weasyprint_version
    except ImportError:  # pragma: no cover - WeasyPrint is in requirements.txt
        weasyprint_version = "none"
    return hashlib.sha256(repr((weasyprint_version, cjk_fonts())).encode()).hexdigest()[:12]


def check_cjk_fonts(app_configs=None, **kwargs):
    """System check: without a CJK font, PDFs print Chinese and Japanese names as boxes."""
    from django.core.checks import Warning

    if cjk_fonts():
        return []
    return [Warning(
        "No Chinese and Japanese font is installed: PDFs (score sheets, results, seating prints, certificates) "
        "will print those names as boxes.",
        hint="Install one, e.g. `apt-get install fonts-wqy-microhei` (make run does it when run as root), "
             "then restart the server.",
        id="tournaments.W001",
    )]
