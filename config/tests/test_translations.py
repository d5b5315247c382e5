"""English, Simplified Chinese and Japanese: every string translated, catalogues up to date."""

import pathlib
import re
import shutil
import subprocess
import sys

import polib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LANGUAGES = ["zh_Hans", "ja"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+(?:![rsa])?\}")


def catalogue(language):
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated_with_its_placeholders(language):
    problems = []
    for entry in catalogue(language):
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid}")
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not all(translations):
            problems.append(f"untranslated: {entry.msgid}")
        for translation in translations:
            if sorted(PLACEHOLDER.findall(translation)) != sorted(PLACEHOLDER.findall(entry.msgid)):
                problems.append(f"placeholders differ: {entry.msgid!r} -> {translation!r}")
    assert problems == []


def test_catalogues_hold_every_string_in_the_code(tmp_path):
    """Extract the strings again into a scratch copy and compare with the committed catalogues."""
    if shutil.which("xgettext") is None:
        pytest.fail("GNU gettext (xgettext) is needed: apt-get install gettext")
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT, copy, ignore=shutil.ignore_patterns(".venv", "var", ".git", "node_modules", "__pycache__", "*.mo")
    )
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ja", "--no-obsolete"],
        cwd=copy,
        check=True,
        capture_output=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings.test"},
    )
    extracted = {e.msgid for e in polib.pofile(str(copy / "locale/ja/LC_MESSAGES/django.po")) if not e.obsolete}
    for language in LANGUAGES:
        committed = {e.msgid for e in catalogue(language) if not e.obsolete}
        assert sorted(extracted - committed) == [], f"run makemessages and translate for {language}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected", [("en", "Tournaments"), ("zh-hans", "比赛"), ("ja", "大会")]
)
def test_pages_follow_the_chosen_language(client, language, expected):
    response = client.post("/i18n/setlang/", {"language": language, "next": "/"}, follow=True)
    page = response.content.decode()
    assert f'<html lang="{language}">' in page
    assert f"<h1>{expected}</h1>" in page
