"""page_action: a page's service call, its refusal shown on the form or as messages, never raised."""

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from tournaments.errors import Conflict, NotFound
from tournaments.pages import page_action


class NameForm(forms.Form):
    name = forms.CharField()


def request():
    made = RequestFactory().post("/", {"name": "x"})
    made.session = {}
    made._messages = FallbackStorage(made)
    return made


def shown(made):
    return [(message.level_tag, message.message) for message in get_messages(made)]


def test_done_shows_the_success_message():
    made = request()
    with page_action(made, success="Saved.") as action:
        pass
    assert action.done and action.error is None
    assert shown(made) == [("success", "Saved.")]


def test_a_refusal_without_a_form_becomes_error_messages_after_the_prefix():
    made = request()
    with page_action(made, success="Saved.", prefix="Team 1: ") as action:
        raise ValidationError(["Too long.", "Taken."])
    assert not action.done
    assert shown(made) == [("error", "Team 1: Too long."), ("error", "Team 1: Taken.")]


def test_a_refusal_goes_onto_the_fields_it_names():
    made, form = request(), NameForm({"name": "x"})
    assert form.is_valid()
    with page_action(made, form=form, success="Saved.") as action:
        raise ValidationError({"name": "Taken.", "elsewhere": "Not a field of the form."})
    assert not action.done and shown(made) == []
    assert form.errors == {"name": ["Taken."], "__all__": ["Not a field of the form."]}


def test_a_conflict_is_an_error_message():
    made = request()
    with page_action(made, form=NameForm(), success="Saved.") as action:
        raise Conflict("The sheet changed: reload it.", current_version=3)
    assert not action.done and shown(made) == [("error", "The sheet changed: reload it.")]


def test_a_refusal_the_view_shows_itself():
    made = request()
    with page_action(made, shown=False) as action:
        raise ValidationError("No.")
    assert action.error.messages == ["No."] and shown(made) == []


def test_not_found_and_faults_still_raise():
    with pytest.raises(NotFound), page_action(request()):
        raise NotFound("No such sheet.")
    with pytest.raises(ZeroDivisionError), page_action(request()):
        1 / 0
