"""PDFs on a fresh machine: without a CJK font the system check says so (make run installs one as root); a cached
results PDF names the renderer and fonts in its key, so a font installed later gives a new PDF. The standings
are built with the cyclic garbage collector paused."""

import pytest

from testing.documents import document_get
from tournaments import documents


def test_the_system_check_warns_when_no_cjk_font_is_installed(monkeypatch):
    monkeypatch.setattr(documents, "cjk_fonts", lambda: ())
    (warning,) = documents.check_cjk_fonts()
    assert warning.id == "tournaments.W001" and "fonts-wqy-microhei" in warning.hint
    monkeypatch.setattr(documents, "cjk_fonts", lambda: ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",))
    assert documents.check_cjk_fonts() == []


def test_this_machine_has_the_fonts_the_tests_read_pdfs_with():
    assert documents.cjk_fonts(), "scripts/system-packages.sh installs fonts-wqy-microhei"


def test_the_fingerprint_follows_the_fonts(monkeypatch):
    documents.renderer_fingerprint.cache_clear()
    try:
        monkeypatch.setattr(documents, "cjk_fonts", lambda: ())
        before = documents.renderer_fingerprint()
        documents.renderer_fingerprint.cache_clear()
        monkeypatch.setattr(documents, "cjk_fonts", lambda: ("/fonts/wqy.ttc",))
        assert documents.renderer_fingerprint() != before
    finally:
        documents.renderer_fingerprint.cache_clear()


@pytest.mark.django_db
def test_a_cached_results_pdf_is_made_anew_once_a_font_is_installed(client, played, published, monkeypatch):
    from tournaments.standings import results_files

    made = []
    real = results_files.results_pdf
    monkeypatch.setattr(results_files, "results_pdf",
                        lambda data, context: made.append(1) or real(data, context=context))
    monkeypatch.setattr(documents, "renderer_fingerprint", lambda: "no-cjk-font")
    url = f"/t/{played.pk}/results.pdf"
    assert document_get(client, url).status_code == 200 and document_get(client, url).status_code == 200
    assert len(made) == 1  # cached
    monkeypatch.setattr(documents, "renderer_fingerprint", lambda: "wqy-installed")
    assert document_get(client, url).status_code == 200
    assert len(made) == 2  # the font changed: made anew


def test_the_collector_is_paused_while_the_standings_are_built_and_resumes(monkeypatch):
    """Issue 30: full collections over the whole heap took more than half of a recompute at 1,000 players."""
    import gc

    from tournaments.standings import compute

    class Built:
        def as_dict(self):
            return {"collector_on": gc.isenabled()}

    monkeypatch.setattr(compute, "standings_of", lambda tournament: Built())
    assert gc.isenabled()
    assert compute.standings_compute(None) == {"collector_on": False}
    assert gc.isenabled()
    gc.disable()  # paused by someone else: left as it was
    try:
        compute.standings_compute(None)
        assert not gc.isenabled()
    finally:
        gc.enable()
