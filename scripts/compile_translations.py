"""Compile locale/*/LC_MESSAGES/*.po into .mo files with pure Python.

Django's compilemessages needs GNU gettext's msgfmt, which a fresh machine may lack; polib does
the same job so `make run` needs nothing but Python. Fuzzy entries are left out, as msgfmt does.
"""

import pathlib
import sys

import polib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> int:
    compiled = 0
    for po_path in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")):
        catalog = polib.pofile(str(po_path))
        for entry in catalog.fuzzy_entries():
            entry.msgstr = ""
            entry.msgstr_plural = {}
        catalog.save_as_mofile(str(po_path.with_suffix(".mo")))
        compiled += 1
    print(f"compiled {compiled} translation catalogue(s)")
    return 0 if compiled else 1


if __name__ == "__main__":
    sys.exit(main())
