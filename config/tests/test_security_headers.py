"""Issue 16 (F14): Content-Security-Policy, Permissions-Policy and HSTS, and pages with no inline script.

The policy allows scripts only from our own files (config/security_headers.py), so a page with an
inline <script> or an on...= attribute would stop working: every template is scanned, and the pages
as rendered for each role are crawled (links followed from the home page) and scanned too.
"""

import pathlib
import re
import subprocess
import sys
from urllib.parse import urljoin, urlsplit

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/(?:ld\+)?json\")[^>]*>", re.I)
HANDLER = re.compile(r"<[^>]+\s(on[a-z]+)\s*=", re.I)
JS_URL = re.compile(r"(?:href|src|action)\s*=\s*[\"']\s*javascript:", re.I)
LINK = re.compile(r"href=\"(/[^\"#]*)\"")


def templates():
    for folder in ("templates", "tournaments", "seating", "penalties", "appeals", "pin_ranking", "scoring", "config"):
        yield from (ROOT / folder).rglob("*.html")


def inline_code(html: str) -> list[str]:
    found = [match.group(0) for match in INLINE_SCRIPT.finditer(html)]
    found += [match.group(1) for match in HANDLER.finditer(html)]
    found += [match.group(0) for match in JS_URL.finditer(html)]
    return found


def test_no_template_has_an_inline_script_or_an_event_handler_attribute():
    offenders = {str(path.relative_to(ROOT)): inline_code(path.read_text()) for path in templates()}
    assert {path: found for path, found in offenders.items() if found} == {}
    assert len(offenders) > 50  # the scan saw the templates


def test_the_scan_finds_what_it_looks_for():
    assert inline_code('<script>alert(1)</script><a onclick="x()">') == ["<script>", "onclick"]
    assert inline_code('<a href="javascript:void(0)">') == ['href="javascript:']
    assert inline_code('<script src="/static/js/page.js" defer></script>') == []
    assert inline_code('<script id="data" type="application/json">{"a": 1}</script>') == []


def crawl(client, start: str, limit: int = 120) -> dict[str, object]:
    """GET pages from `start`, following same-site links; skip downloads, logout and language links."""
    seen: dict[str, object] = {}
    queue = [start]
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen:
            continue
        response = client.get(url)
        seen[url] = response
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        for link in LINK.findall(response.content.decode()):
            target = urlsplit(urljoin(url, link.replace("&amp;", "&")))
            path = target.path + (f"?{target.query}" if target.query else "")
            skip = path.startswith(("/admin/", "/static/", "/accounts/logout", "/i18n/")) or re.search(
                r"\.(pdf|csv|xlsx|json|png|svg)$|/pdf/|download", target.path
            )
            if not skip and path not in seen:
                queue.append(path)
    return seen


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["organizer", "chief_referee", "referee", "player_user", None])
def test_every_page_carries_the_policy_and_no_inline_script(client_for, client, played, everyone, role):
    browser = client_for(everyone[role]) if role else client
    pages = crawl(browser, "/")
    html = {url: r for url, r in pages.items() if r.status_code == 200 and "text/html" in r.get("Content-Type", "")}
    assert len(html) >= (10 if role else 3), sorted(pages)
    for url, response in html.items():
        csp = response["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], url
        assert "unsafe-eval" not in csp and "frame-ancestors 'none'" in csp, url
        assert "camera=()" in response["Permissions-Policy"], url
        assert inline_code(response.content.decode()) == [], url
    assert not [url for url, r in pages.items() if r.status_code >= 500]


@pytest.mark.django_db
def test_the_api_docs_the_admin_and_errors_carry_the_policy_too(client, admin_client):
    for response in (client.get("/api/docs/"), client.get("/api/schema/"), client.get("/no-such-page/"),
                     admin_client.get("/admin/"), client.get("/health/")):
        assert "script-src 'self'" in response["Content-Security-Policy"]
        assert "Permissions-Policy" in response
    docs = client.get("/api/docs/").content.decode()
    assert inline_code(docs) == [] and "?script=" in docs  # Swagger UI's start-up script is a file
    assert inline_code(admin_client.get("/admin/").content.decode()) == []


def production_settings(**env):
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, "
        "s.SILENCED_SYSTEM_CHECKS]))"
    )
    environment = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings.production",
                   "DJANGO_SECRET_KEY": "k" * 60, "DJANGO_ALLOWED_HOSTS": "example.org", **env}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    import json

    return json.loads(out.stdout)


def test_hsts_has_no_preload_nor_subdomains_unless_configured():
    assert production_settings() == [31536000, False, False, ["security.W005", "security.W021"]]
    assert production_settings(
        DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS="true", DJANGO_SECURE_HSTS_PRELOAD="true"
    ) == [31536000, True, True, []]
