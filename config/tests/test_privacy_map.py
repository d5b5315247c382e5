"""The data map of docs/privacy.md lists every field that looks personal (issue 45).

A field looks personal by its kind (a file, an e-mail, an IP address) or its name (a name, an e-mail, a phone, a
birth date, an ID number, an address, a contact, sex, age, a note, a statement, a text, a body, a reason). Each
such field of every installed model is in one of the map's two tables: the personal fields (what, why, who sees
it, how long it is kept, what erasure does) or the fields that look personal and are not. A new field fails here
until the map says which it is; a field the map names that no longer exists fails too.
"""

import re

import pytest
from django.apps import apps
from django.conf import settings
from django.db import models

LOOKS_PERSONAL = re.compile(
    r"(^|_)(name|names|username|email|phone|birth|dob|id_number|federation_id|address|contact|sex|age|note|"
    r"statement|text|body|reasons?|subject|form|sheet|file|venue|codename)($|_)|^to$")
PERSONAL_KINDS = (models.FileField, models.EmailField, models.GenericIPAddressField)


def mapped_fields() -> set[str]:
    text = (settings.BASE_DIR / "docs" / "privacy.md").read_text(encoding="utf-8")
    section = text.split("## Data map", 1)[1]
    return set(re.findall(r"`([a-z_]+\.[A-Za-z]+\.[a-z_]+)`", section))


def looking_personal() -> set[str]:
    found = set()
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if field.is_relation:
                continue
            if isinstance(field, PERSONAL_KINDS) or LOOKS_PERSONAL.search(field.name):
                found.add(f"{model._meta.label}.{field.name}")
    return found


def existing_fields() -> set[str]:
    return {f"{model._meta.label}.{field.name}" for model in apps.get_models()
            for field in model._meta.concrete_fields}


def test_every_field_that_looks_personal_is_in_the_data_map():
    missing = sorted(looking_personal() - mapped_fields())
    assert missing == [], f"add these to the data map of docs/privacy.md (personal, or not): {missing}"


def test_the_data_map_names_only_fields_that_exist():
    stale = sorted(mapped_fields() - existing_fields())
    assert stale == [], f"the data map of docs/privacy.md names fields that do not exist: {stale}"


@pytest.mark.parametrize("name, expected", [("phone_number", True), ("date_of_birth", True), ("tournament", False),
                                            ("id_number", True), ("email", True), ("hand_number", False)])
def test_the_check_knows_a_personal_name(name, expected):
    assert bool(LOOKS_PERSONAL.search(name)) is expected
