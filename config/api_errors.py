"""One error contract for the whole API: every refusal answers

    {"errors": [{"field": <name or null>, "code": <string>, "message": <text>}, ...]}

with the message in the request's language (for people) and the code stable (for programs);
`field` names the input that caused it, dotted for nested input (`players.0.name`), null for the
request as a whole. A few errors add what a client needs to go on: a 409 (`tournaments.errors.
Conflict`) adds `current_version` and, for a stale hand number, `next_number` at the top level; a
hand the scoring engine refuses adds the engine's `variant` to its item.

The exception handler is set as DRF's EXCEPTION_HANDLER (after the HackSoft Django Styleguide's
`exception_handlers.py`), so views just raise: services raise Django's ValidationError, Conflict
or the domain's NotFound (an Http404); serializers raise through `is_valid(raise_exception=True)`.
Anything else is a bug: the handler leaves it alone and it stays a 500, logged with its traceback.

`ErrorsAutoSchema` documents the same shape on every operation of the OpenAPI schema.

Strings are strings (`strings_are_strings`, from config/apps.py): DRF's CharField turns a JSON number into text,
so `{"reason": 0}` was accepted where the schema says a string (issue 43, T4-7: schemathesis' "schema-violating
request accepted"). Every CharField of the API (and the fields built on it: choices are not, they have their
own check) now refuses a number with `invalid`, "Not a valid string.", as it refuses a boolean.
"""

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, permissions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.calculator import CalculatorError
from tournaments.errors import Conflict


class ErrorItemOutput(serializers.Serializer):
    field = serializers.CharField(
        allow_null=True,
        help_text="The input field at fault, dotted for nested input (`players.0.name`); null for the request "
        "as a whole.",
    )
    code = serializers.CharField(
        help_text="Stable, for programs: DRF's (`required`, `invalid`, `parse_error`, `not_authenticated`, "
        "`permission_denied`, `not_found`, `method_not_allowed`, ...), a service's (`notation`, `hand_refused`, "
        "`not_complete`, `invalid`, ...), `conflict` (`taken_back`: a hand resent after it was taken back), or the "
        "scoring engine's (`notation`, `tile_count`, `meld`, `context`, ...).",
    )
    message = serializers.CharField(help_text="For people, in the request's language (Accept-Language).")
    variant = serializers.CharField(
        required=False,
        help_text="Only for a hand the scoring API refuses: the engine's finer reason within `code` "
        "(e.g. `notation` / `missing_winning_tile`).",
    )


class ErrorOutput(serializers.Serializer):
    """Every error answer of the API: one item per problem."""

    errors = ErrorItemOutput(many=True)


class ConflictOutput(ErrorOutput):
    """A 409: the request was based on a state of the sheet that has changed since."""

    current_version = serializers.IntegerField(
        allow_null=True, help_text="The sheet's version now: reload it before trying again."
    )
    next_number = serializers.IntegerField(
        required=False, help_text="Only for a hand sent with a number already taken: the next hand's number."
    )


class ConflictError(exceptions.APIException):
    """A service's Conflict, as DRF knows errors."""

    status_code = 409
    default_code = "conflict"

    def __init__(self, conflict: Conflict):
        super().__init__(conflict.message, conflict.code)
        self.extra = {"current_version": conflict.current_version}
        if conflict.next_number is not None:
            self.extra["next_number"] = conflict.next_number


class HandRefused(exceptions.APIException):
    """The scoring calculator's CalculatorError: its item keeps the engine's variant."""

    status_code = 400

    def __init__(self, error: CalculatorError):
        super().__init__(error.message, error.code)
        self.items = [{"field": error.field, "code": error.code, "variant": error.variant, "message": error.message}]


def _as_api_exception(exc):
    """The exceptions services raise, as DRF's; anything else as it is."""
    if isinstance(exc, DjangoValidationError):
        return exceptions.ValidationError(serializers.as_serializer_error(exc))
    if isinstance(exc, Conflict):
        return ConflictError(exc)
    if isinstance(exc, CalculatorError):
        return HandRefused(exc)
    if isinstance(exc, Http404):
        # The selectors' Http404 texts ("No such sheet.") are for the logs, in English; the
        # answer is DRF's "Not found." in the request's language.
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        # Django's own (a permission_required view, a test client); without a reason, DRF's text.
        return exceptions.PermissionDenied(*exc.args)
    return exc


def _field_path(parent: str | None, key) -> str | None:
    if key in (api_settings.NON_FIELD_ERRORS_KEY, NON_FIELD_ERRORS):
        return parent  # errors of the object as a whole belong to the object's own path
    return f"{parent}.{key}" if parent is not None else str(key)


def error_items(detail, field: str | None = None) -> list[dict]:
    """DRF's error detail (nested dicts and lists of ErrorDetail) as a flat list of items.

    A list holds either errors (of `field`) or, from a `many=True` serializer or a list field,
    one entry per element: those are numbered (`players.0.name`).
    """
    if isinstance(detail, dict):
        return [item for key, value in detail.items() for item in error_items(value, _field_path(field, key))]
    if isinstance(detail, list):
        if any(isinstance(value, (dict, list)) for value in detail):
            return [
                item for index, value in enumerate(detail) for item in error_items(value, _field_path(field, index))
            ]
        return [item for value in detail for item in error_items(value, field)]
    return [{"field": field, "code": getattr(detail, "code", None) or "invalid", "message": str(detail)}]


def api_exception_handler(exc, context):
    """DRF's EXCEPTION_HANDLER: every error the API answers, in the one shape."""
    exc = _as_api_exception(exc)
    # DRF's handler sets the status, the WWW-Authenticate and Retry-After headers, and rolls back
    # an atomic request; None for anything that is no API error: DRF re-raises it (a 500).
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    items = getattr(exc, "items", None) or error_items(exc.detail)
    response.data = {"errors": items, **getattr(exc, "extra", {})}
    return response


ERROR_DESCRIPTIONS = {
    "400": "Invalid input: malformed JSON, or fields the checks refuse (each with its field and code).",
    "401": "Not logged in.",
    "403": "Not logged in, the CSRF check failed, or not allowed.",
    "404": "No such object, or not one you may see.",
    "409": "The state changed since it was read.",
    "415": "The body is not JSON (send Content-Type: application/json).",
}


class ErrorsAutoSchema(AutoSchema):
    """The OpenAPI schema with every operation's error answers, in the shared components.

    Added from what the view is: 400 where it takes a body, 401/403 where it needs a login (403 also
    where the session's CSRF check applies), 404 where the path names an object. Errors only a view
    knows it may answer (409) it declares without a body, `409: OpenApiResponse(description=...)`:
    they get the shared component here (ConflictOutput for 409, ErrorOutput otherwise).
    """

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation.setdefault("responses", {})
        for code, response in responses.items():
            if code >= "400" and "content" not in response:
                responses[code] = self._error_response(code, response.get("description"))
        for code in self._error_codes(operation):
            if code not in responses:
                responses[code] = self._error_response(code)
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _error_response(self, code: str, description: str | None = None) -> dict:
        serializer = ConflictOutput if code == "409" else ErrorOutput
        description = description or ERROR_DESCRIPTIONS.get(code, "")
        return self._get_response_for_code(OpenApiResponse(serializer, description=description), code)

    def _error_codes(self, operation) -> list[str]:
        codes = []
        if "requestBody" in operation:
            codes += ["400", "415"]
        perms = [p.__class__ for p in self.view.get_permissions()]
        public = permissions.AllowAny in perms or (
            permissions.IsAuthenticatedOrReadOnly in perms and self.method in permissions.SAFE_METHODS
        )
        authenticators = self.view.get_authenticators()
        request = getattr(self.view, "request", None)
        if not public and any(a.authenticate_header(request) for a in authenticators):
            codes.append("401")
        csrf = self.method not in permissions.SAFE_METHODS and any(
            isinstance(a, SessionAuthentication) for a in authenticators
        )
        if not public or csrf:
            codes.append("403")
        if "{" in self.path:
            codes.append("404")
        return codes


def strings_are_strings() -> None:
    """Make DRF's CharField refuse what JSON does not send as a string (a number): the schema says `string`."""
    if getattr(serializers.CharField, "_strings_are_strings", False):
        return
    lenient = serializers.CharField.to_internal_value

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return lenient(self, data)

    serializers.CharField.to_internal_value = to_internal_value
    serializers.CharField._strings_are_strings = True
