"""Issue 13: the status follows the day. A tournament left in Draft or Published while its sessions have
started (before, a session start did not touch the status) is Running, as a start now makes it; each move
is audited (because: "migration"). Finished is left to the next event or the organizer (it depends on the
appeals app's windows and appeals)."""

from django.db import migrations


def forward(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    AuditEvent = apps.get_model("tournaments", "AuditEvent")
    started = Tournament.objects.filter(status__in=["draft", "published"], sessions__status__in=["running", "finished"])
    for tournament in started.distinct():
        before = tournament.status
        tournament.status = "running"
        tournament.save(update_fields=["status"])
        AuditEvent.objects.create(
            tournament=tournament, action="tournament.status_changed", object_type="tournaments.tournament",
            object_id=str(tournament.pk), detail={"before": before, "after": "running", "because": "migration"},
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_session_check_in")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
