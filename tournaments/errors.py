"""Errors the core's services and selectors raise besides ValidationError."""

from django.core.exceptions import ValidationError
from django.http import Http404


class NotFound(Http404):
    """The object does not exist, or the user may not see it or act on it: the one answer selectors
    and services give outsiders, so another tournament's data is not revealed.

    A subclass of Http404 so that it becomes the standard 404 everywhere with nothing to map:
    Django's handler for pages, DRF's for the API.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(Exception):
    """The request was based on a state that has changed since (HTTP 409)."""

    def __init__(
        self, message: str, *, current_version: int | None = None, next_number: int | None = None,
        code: str = "conflict",
    ):
        super().__init__(message)
        self.message = message
        self.code = code  # for programs: "conflict", or "taken_back" for a hand resent after its take-back
        self.current_version = current_version
        self.next_number = next_number  # for a hand submitted with a stale number


def field_error(field: str, message, code: str | None = None) -> ValidationError:
    """A service's error on one input field that keeps its code (the API reports both)."""
    return ValidationError({field: ValidationError(message, code=code)})


def add_service_messages(request, error: ValidationError) -> None:
    """Show a service's ValidationError as error messages on the next page (a button, not a form)."""
    from django.contrib import messages

    for message in error.messages:
        messages.error(request, message)


def add_service_errors(form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form: on its fields where it names them."""
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, field_errors)
    else:
        form.add_error(None, error)


def whole_number(value, *, max_digits: int = 18) -> int | None:
    """A whole number as a form or query string sends it ("12"), else None.

    Only ASCII digits count: "²", "①" and other scripts' digits pass str.isdigit() but int() refuses
    some of them, and a number longer than `max_digits` fits no database column; both once answered 500.
    """
    text = str(value if value is not None else "").strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > max_digits:
        return None
    return int(text)
