"""PDF documents: every PDF the app serves is HTML rendered here, once, by WeasyPrint.

The score sheets (Appendix 5), the results sheet (Appendix 7), the seating prints and the Pin
certificates each render a template to HTML and hand it to `html_to_pdf`: one place that knows the
renderer. The CJK font (WenQuanYi Micro Hei, Debian's fonts-wqy-microhei) comes from the system: `make run`
installs it when it can (scripts/fonts.sh) and the system check `tournaments.W001` says when none is found
(without one every Chinese and Japanese name comes out as boxes). A cached document names
`renderer_fingerprint()` in its key, so installing a font or another WeasyPrint makes it anew.
Call it as `documents.html_to_pdf(...)`: the tests render each distinct document once per module
through this name (testing.fixtures, `pdfs_rendered_once_per_module`).

The big documents (a session's score sheets, the seating prints, the results sheet) are rendered by the
Celery worker, never in a web request: the room that knows a document declares it here as a `PrintKind`
(how to check who may have it, what version of the data it shows, its parts and how to render one), and
the prints app, above the core, runs the jobs, shows their progress and serves the files: a room's PDF link
answers with `document_response`, which the prints app provides (`document_responder_register`).
"""

import dataclasses
import functools
import hashlib
import subprocess
from collections.abc import Callable, Sequence
from typing import Any


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


@dataclasses.dataclass(frozen=True)
class PrintKind:
    """A big document the worker renders in parts (prints), declared by the room that knows it.

    Every callable takes the tournament and the job's `options` (JSON: a session number, a form ...):
    - `title(options)`: what the progress page calls it;
    - `authorize(user, tournament, options)`: raises tournaments.errors.NotFound unless the user may have it
      (asked at the request, the progress page and the download alike);
    - `version(tournament, options)`: what the document shows, read cheaply (rows of ids and versions,
      names): its digest keys the file, so a change makes a new one and nothing else does;
    - `parts(tournament, options)`: each part's payload (JSON: table ids, entry numbers ...), in page order;
    - `render(tournament, options, payload)`: one part's PDF, in the active language;
    - `filename(tournament, options)`: the downloaded file's name.
    """

    name: str
    title: Callable[[dict], str]
    authorize: Callable[[Any, Any, dict], None]
    version: Callable[[Any, dict], Any]
    parts: Callable[[Any, dict], list]
    render: Callable[[Any, dict, Any], bytes]
    filename: Callable[[Any, dict], str]


_print_kinds: dict[str, PrintKind] = {}


def print_kind_register(kind: PrintKind) -> PrintKind:
    """Declare a big document (once per process, when its module is imported: the apps' ready())."""
    if _print_kinds.get(kind.name, kind) != kind:
        raise ValueError(f"a document kind {kind.name!r} is registered already")
    _print_kinds[kind.name] = kind
    return kind


def print_kind(name: str) -> PrintKind:
    try:
        return _print_kinds[name]
    except KeyError:
        raise LookupError(f"no document kind {name!r}: its module is not imported (the app's ready())") from None


def print_kinds() -> list[str]:
    return sorted(_print_kinds)


_responder: Callable | None = None


def document_responder_register(responder: Callable) -> None:
    """The function that answers a request for a big document (the prints app's, once, when it is ready)."""
    global _responder
    if _responder not in (None, responder):
        raise ValueError("a document responder is registered already")
    _responder = responder


def document_response(request, *, tournament, kind: str, options: dict):
    """What a room's PDF link answers: the document's file if made at its current version, else its progress
    page (404 for a user who may not have it: `PrintKind.authorize`)."""
    if _responder is None:
        raise LookupError("no app serves big documents: the prints app is not installed")
    return _responder(request, tournament=tournament, kind=kind, options=options)


def digest(value: Any) -> str:
    """A stable digest of plain data (tuples, lists, dicts of str, int, dates): a document's version."""
    return hashlib.sha256(repr(value).encode()).hexdigest()[:32]


def chunked(items: Sequence, size: int) -> list[list]:
    """`items` in lists of `size` (the last shorter): the parts of a document."""
    return [list(items[start:start + size]) for start in range(0, len(items), size)]
