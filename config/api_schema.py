"""The OpenAPI schema's class: every operation's error answers (config/api_errors.py), and each answer's fields
marked as they are sent.

drf-spectacular marks a field required only when the serializer field is required for input or read-only, so
an answer's field with a default (`default=None`), or a ModelSerializer's field backed by a model default, came
out "may be missing": a generated client typed `Tournament.status` as `TournamentStatusEnum | Unset` although
every answer has it. What DRF actually leaves out of an answer is narrower (`Field.get_attribute`): only a field
declared `required=False`, with no default and not nullable, when the object lacks it (a 409's `next_number`, an
error item's `variant`). A field with a default or `allow_null` is always sent (the default, or null). Read-only
fields read what their object always has (a model's relation), as drf-spectacular itself assumes. Every other
field of an answer is always there, and the response schema now says so.

A serializer used both as a request body and as an answer would get one component for both; such components
have their own output class (entries' `WindowOutput`), and config/tests/test_api_schema.py checks none is left.
"""

from rest_framework.fields import empty

from config.api_errors import ErrorsAutoSchema


def sent_only_sometimes(serializer, field) -> bool:
    """Whether DRF may leave the field out of an answer: declared `required=False`, with no default, not null."""
    return (field.field_name in serializer._declared_fields and not field.required and not field.read_only
            and field.default is empty and not field.allow_null)


class ApiAutoSchema(ErrorsAutoSchema):
    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if direction != "response":
            return schema
        sent = [name for name, field in serializer.fields.items()
                if name in schema.get("properties", {}) and not sent_only_sometimes(serializer, field)]
        if sent:
            schema["required"] = sorted(set(schema.get("required", [])) | set(sent))
        return schema
