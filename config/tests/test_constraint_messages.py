"""No raw constraint name reaches a user: every database constraint of every app has a message of its own,
translated into Chinese and Japanese, which a form shows when the constraint would be violated."""

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db.models import BaseConstraint
from django.urls import reverse
from django.utils import translation

from tournaments.models import Team

ALL_CONSTRAINTS = [
    (model._meta.label, constraint)
    for model in apps.get_models()
    if model._meta.app_label in {"tournaments", "seating", "penalties", "appeals", "pin_ranking", "scoring"}
    for constraint in model._meta.constraints
]


def test_there_are_constraints_to_check():
    assert len(ALL_CONSTRAINTS) >= 50


@pytest.mark.parametrize("label, constraint", ALL_CONSTRAINTS, ids=[c.name for _label, c in ALL_CONSTRAINTS])
def test_every_constraint_has_its_own_translated_message(label, constraint):
    default = str(BaseConstraint.default_violation_error_message)
    with translation.override("en"):
        english = constraint.get_violation_error_message()
    assert constraint.violation_error_message != BaseConstraint.default_violation_error_message, label
    assert constraint.name not in english and english != default % {"name": constraint.name}
    for language in ("zh-hans", "ja"):
        with translation.override(language):
            translated = constraint.get_violation_error_message()
        assert translated != english, (language, constraint.name)
        assert constraint.name not in translated


@pytest.mark.django_db
@pytest.mark.parametrize(
    "field, value, language, expected",
    [
        ("planned_sessions", 5, "en", "A tournament has at least 6 sessions (3.5.4)."),
        ("planned_sessions", 5, "zh-hans", "比赛至少 6 局（3.5.4）。"),
        ("planned_sessions", 5, "ja", "大会は6回戦以上です（3.5.4）。"),
        ("session_minutes", 180, "en", "A session lasts from 1 to 150 minutes (3.5.6)."),
        ("session_minutes", 180, "zh-hans", "每局时长为 1 至 150 分钟（3.5.6）。"),
    ],
)
def test_new_tournament_form_says_the_rule_not_the_constraint_name(
    client_for, organizer, field, value, language, expected
):
    data = {
        "name": "Spring Cup", "starts_on": "2026-04-01", "ends_on": "2026-04-02", "rules": "green_book",
        "planned_sessions": 6, "session_minutes": 150, field: value,
    }
    page = client_for(organizer).post(reverse("tournaments:create"), data, HTTP_ACCEPT_LANGUAGE=language)
    body = page.content.decode()
    assert page.status_code == 200
    assert expected in body
    assert "Constraint" not in body and "tournament_" not in body


@pytest.mark.django_db
def test_model_validation_of_a_unique_constraint_gives_the_message(tournament, teams):
    duplicate = Team(tournament=tournament, name=teams[0].name)
    with translation.override("ja"), pytest.raises(ValidationError) as error:
        duplicate.validate_constraints()
    assert "この大会には同じ名前のチームがあります。" in str(error.value)
