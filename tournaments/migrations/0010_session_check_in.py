"""Check-in (检录, 3.5.7.1) becomes per session: SessionCheckIn replaces Registration.checked_in.

The old flag was one per tournament, so it cannot say for which session a player signed in. It is
carried over only where its session is certain: to the tournament's running session, or (none
running) to its next planned one, and only for a flag set after the previous session ended (a flag
from an earlier day is not a check-in for today). Every other flag is dropped with the column; the
audit trail keeps each old check-in. A carried check-in keeps its time (so lateness from it is
right), is marked as made by the staff, with no staff member named (the flag did not record one).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def carry_check_ins(apps, schema_editor):
    Registration = apps.get_model("tournaments", "Registration")
    Session = apps.get_model("tournaments", "Session")
    SessionCheckIn = apps.get_model("tournaments", "SessionCheckIn")
    tournaments = sorted(set(Registration.objects.filter(checked_in=True).values_list("tournament_id", flat=True)))
    for tournament_id in tournaments:
        sessions = list(Session.objects.filter(tournament_id=tournament_id).order_by("number"))
        target = next((s for s in sessions if s.status == "running"), None) or next(
            (s for s in sessions if s.status == "planned"), None
        )
        if target is None:
            continue  # every session is over: the flag belonged to one of them, which is unknown
        ended = [s.ended_at for s in sessions if s.number < target.number and s.ended_at is not None]
        flags = Registration.objects.filter(tournament_id=tournament_id, checked_in=True, checked_in_at__isnull=False)
        if ended:
            flags = flags.filter(checked_in_at__gt=max(ended))
        SessionCheckIn.objects.bulk_create(
            SessionCheckIn(session=target, registration=r, checked_in_at=r.checked_in_at, method="staff")
            for r in flags
        )


def drop_check_ins(apps, schema_editor):
    """Backwards: a session's check-ins become the tournament flag again (the latest one wins)."""
    Registration = apps.get_model("tournaments", "Registration")
    SessionCheckIn = apps.get_model("tournaments", "SessionCheckIn")
    for check_in in SessionCheckIn.objects.order_by("checked_in_at"):
        Registration.objects.filter(pk=check_in.registration_id).update(
            checked_in=True, checked_in_at=check_in.checked_in_at
        )


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0009_ranking_groups_qualifiers'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='SessionCheckIn',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('checked_in_at', models.DateTimeField(verbose_name='checked in at')),
                ('method', models.CharField(choices=[('staff', 'by the staff'), ('player_pin', 'by the player (table QR code and PIN)')], default='staff', max_length=16, verbose_name='how')),
                ('checked_in_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='check_ins', to='tournaments.registration')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='check_ins', to='tournaments.session')),
            ],
            options={
                'verbose_name': 'check-in',
                'verbose_name_plural': 'check-ins',
                'ordering': ['session', 'registration__entry_number'],
                'constraints': [models.UniqueConstraint(fields=('session', 'registration'), name='check_in_once_per_session'), models.CheckConstraint(condition=models.Q(('method__in', ['staff', 'player_pin'])), name='check_in_method_known'), models.CheckConstraint(condition=models.Q(models.Q(('method', 'player_pin'), _negated=True), ('checked_in_by__isnull', True), _connector='OR'), name='check_in_by_player_no_user')],
            },
        ),
        migrations.RunPython(carry_check_ins, drop_check_ins),
        migrations.RemoveField(
            model_name='registration',
            name='checked_in',
        ),
        migrations.RemoveField(
            model_name='registration',
            name='checked_in_at',
        ),
    ]
