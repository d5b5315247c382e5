"""What a page does with a service's refusal: the pages' counterpart of the API's one error handler
(config/api_errors.py).

A view that posts to a service wraps the call in `page_action` and asks afterwards whether it was done:

    with page_action(request, form=form, success=_("Registration saved.")) as action:
        core_services.registration_update(actor=request.user, registration=registration, **form.cleaned_data)
    if action.done:
        return redirect("tournaments:registrations", registration.tournament_id)
    return render(...)  # the form again, with the service's errors on its fields

A refusal never escapes: a ValidationError goes onto the form (on the fields it names), or, for a button
with no form, into error messages on the next page; a Conflict (the sheet changed since it was read) into
an error message. Anything else is a fault and raises. NotFound stays a 404, as everywhere.
"""

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ValidationError

from tournaments.errors import Conflict, add_service_errors


@dataclass
class PageAction:
    done: bool = False
    error: ValidationError | None = None  # the refusal, for a page that shows it its own way


@contextlib.contextmanager
def page_action(request, *, form=None, success: str = "", prefix: str = "", shown: bool = True
                ) -> Iterator[PageAction]:
    """Run the block's service call; on success show `success` (if any), on a refusal show why.

    `form`: the form the refusal's field errors go onto; without one, each message becomes an error
    message, after `prefix` (a name the messages are about, "Team 1: "). `shown=False`: the view shows
    `action.error` its own way (a fragment for htmx).
    """
    action = PageAction()
    try:
        yield action
    except Conflict as conflict:
        messages.error(request, conflict.message)
    except ValidationError as error:
        action.error = error
        if not shown:
            return
        if form is not None:
            add_service_errors(form, error)
        else:
            for message in error.messages:
                messages.error(request, f"{prefix}{message}")
    else:
        action.done = True
        if success:
            messages.success(request, success)
