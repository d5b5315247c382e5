import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_types_follow(apps, schema_editor):
    """An existing database's content type (permissions, admin history) follows the model to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="tournaments", model="importjob").update(app_label="roster")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0024_staff_to_the_staff_app'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The table was made by the core's migrations, when the roster was a room of the core: this app only takes
    # the model over (db_table keeps its name), and tournaments 0025 lets it go.
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='ImportJob',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('teams', 'Teams'), ('players', 'Players')], max_length=16, verbose_name='kind')),
                    ('filename', models.CharField(max_length=255, verbose_name='file name')),
                    ('content', models.BinaryField()),
                    ('status', models.CharField(choices=[('pending', 'Waiting'), ('done', 'Imported'), ('failed', 'Rejected')], default='pending', max_length=16, verbose_name='status')),
                    ('errors', models.JSONField(blank=True, default=list)),
                    ('imported_rows', models.PositiveIntegerField(default=0)),
                    ('encoding', models.CharField(blank=True, max_length=16, verbose_name='encoding')),
                    ('encoding_used', models.CharField(blank=True, max_length=16)),
                    ('preview', models.JSONField(blank=True, default=list)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('finished_at', models.DateTimeField(blank=True, null=True)),
                    ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='import_jobs', to='tournaments.tournament')),
                ],
                options={
                    'verbose_name': 'import',
                    'verbose_name_plural': 'imports',
                    'db_table': 'tournaments_importjob',
                    'ordering': ['-created_at'],
                },
            ),
        ]),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
