"""Personal data moves from the shared Player to each Registration (issue 16, privacy between tenants).

Existing data: every registration receives the contact its player had, so nothing any tournament knew is
lost; the field then leaves Player, where another tournament sharing the federation ID could read it.
Going back copies the most recent non-empty registration contact to the player.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_contact_to_registrations(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Registration = apps.get_model("tournaments", "Registration")
    contact = Player.objects.filter(pk=OuterRef("player_id")).values("contact")[:1]
    Registration.objects.exclude(player__contact="").update(contact=Subquery(contact))


def copy_contact_to_players(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Registration = apps.get_model("tournaments", "Registration")
    latest = (
        Registration.objects.filter(player_id=OuterRef("pk")).exclude(contact="").order_by("-pk").values("contact")[:1]
    )
    Player.objects.update(contact=models.functions.Coalesce(Subquery(latest), models.Value("")))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0016_standings_outbox_rate_limits")]

    operations = [
        migrations.AddField(
            model_name="registration",
            name="contact",
            field=models.CharField(blank=True, max_length=200, verbose_name="contact"),
        ),
        migrations.RunPython(copy_contact_to_registrations, copy_contact_to_players),
        migrations.RemoveField(model_name="player", name="contact"),
    ]
