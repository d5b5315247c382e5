"""The audit trail: each service writes one event inside its own transaction."""

from django.db import models

from tournaments.models import AuditEvent, Tournament


def audit_record(
    *,
    actor,
    action: str,
    tournament: Tournament | None = None,
    obj: models.Model | None = None,
    detail: dict | None = None,
) -> AuditEvent:
    """Append an audit event; call it inside the service's transaction so both commit or neither."""
    return AuditEvent.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        tournament=tournament,
        action=action,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        detail=detail or {},
    )
