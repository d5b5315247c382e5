import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_types_follow(apps, schema_editor):
    """An existing database's content types (permissions, admin history) follow the models to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="tournaments", model__in=["staffinvitation", "passwordchangedue"]).update(
        app_label="staff")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('tournaments', '0023_print_jobs_to_the_prints_app'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables were made by the core's migrations, when staff was a room of the core: this app only takes
    # the models over (db_table keeps their names), and tournaments 0024 lets them go.
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='PasswordChangeDue',
                fields=[
                    ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='password_change_due', serialize=False, to=settings.AUTH_USER_MODEL)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('expires_at', models.DateTimeField(blank=True, null=True)),
                    ('used_at', models.DateTimeField(blank=True, null=True)),
                    ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
                ],
                options={
                    'verbose_name': 'password change due',
                    'verbose_name_plural': 'password changes due',
                    'db_table': 'tournaments_passwordchangedue',
                },
            ),
            migrations.CreateModel(
                name='StaffInvitation',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('role', models.CharField(choices=[('organizer', 'Organizer'), ('chief_referee', 'Chief referee'), ('referee', 'Referee'), ('arbitrator', 'Arbitration committee member'), ('team_leader', 'Team leader')], max_length=32, verbose_name='role')),
                    ('email', models.EmailField(blank=True, max_length=254, verbose_name='e-mail')),
                    ('token_hash', models.CharField(max_length=64, unique=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('expires_at', models.DateTimeField()),
                    ('used_at', models.DateTimeField(blank=True, null=True)),
                    ('cancelled_at', models.DateTimeField(blank=True, null=True)),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.team')),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='staff_invitations', to='tournaments.tournament')),
                    ('used_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'staff invitation',
                    'verbose_name_plural': 'staff invitations',
                    'db_table': 'tournaments_staffinvitation',
                    'ordering': ['-created_at', '-id'],
                    'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('role', 'team_leader'), ('team__isnull', False)), models.Q(models.Q(('role', 'team_leader'), _negated=True), ('team__isnull', True)), _connector='OR'), name='staff_invitation_team_iff_team_leader', violation_error_message="A team leader's invitation names their team; no other role's does."), models.CheckConstraint(condition=models.Q(('role__in', ['organizer', 'chief_referee', 'referee', 'arbitrator', 'team_leader'])), name='staff_invitation_role_valid', violation_error_message="Choose one of the tournament's roles."), models.CheckConstraint(condition=models.Q(('used_at__isnull', True), ('cancelled_at__isnull', True), _connector='OR'), name='staff_invitation_used_or_cancelled', violation_error_message='An invitation is either used or cancelled, not both.')],
                },
            ),
        ]),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
