"""The Django admin shows what the services keep (sheets, hands, seats, signatures, sessions,
the audit trail) and writes none of it."""

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_rows_the_services_keep_are_read_only_in_the_admin(admin_client, referee, running_session):
    from tournaments.models import AuditEvent, Hand, SeatAssignment, Session, SheetSignature
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    sheet = running_session.sheets.get(table__number=1)
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    for model in (Hand, SeatAssignment, Session, SheetSignature, AuditEvent):
        meta = model._meta
        assert admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_add")).status_code == 403, meta.label
        instance = model.objects.first()
        if instance is not None:
            delete = reverse(f"admin:{meta.app_label}_{meta.model_name}_delete", args=[instance.pk])
            assert admin_client.post(delete, {"post": "yes"}).status_code == 403, meta.label
    assert Hand.objects.count() == 1



@pytest.mark.django_db
def test_the_admin_does_not_revoke_a_referee_who_holds_tables(admin_client, referee, running_session):
    from tournaments.models import Membership

    membership = Membership.objects.get(user=referee, role="referee")
    response = admin_client.post(
        reverse("admin:tournaments_membership_delete", args=[membership.pk]), {"post": "yes"}, follow=True
    )
    assert Membership.objects.filter(pk=membership.pk).exists()
    assert "hand" in response.content.decode().lower() and response.status_code == 200


@pytest.mark.django_db
def test_staff_roles_granted_and_revoked_in_the_admin_are_audited(admin_client, tournament, django_user_model):
    from tournaments.models import AuditEvent, Membership

    user = django_user_model.objects.create_user("newref", password="x-long-password")
    added = admin_client.post(reverse("admin:tournaments_membership_add"),
                              {"user": user.pk, "tournament": tournament.pk, "role": "referee"})
    assert added.status_code == 302
    membership = Membership.objects.get(user=user)
    assert AuditEvent.objects.filter(action="membership.granted", object_id=str(membership.pk)).exists()
    deleted = admin_client.post(reverse("admin:tournaments_membership_delete", args=[membership.pk]), {"post": "yes"})
    assert deleted.status_code == 302 and not Membership.objects.filter(user=user).exists()
    assert AuditEvent.objects.filter(action="membership.revoked").exists()
