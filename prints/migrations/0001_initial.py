import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_types_follow(apps, schema_editor):
    """An existing database's content types (permissions, admin history) follow the models to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="tournaments", model__in=["printjob", "printpart"]).update(app_label="prints")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0022_print_jobs'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables were made by tournaments 0022, when big documents were a room of the core; this app only
    # takes the models over (db_table keeps their names), and tournaments 0023 lets them go.
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='PrintJob',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(max_length=32)),
                    ('options', models.JSONField(blank=True, default=dict)),
                    ('language', models.CharField(max_length=16)),
                    ('slot', models.CharField(db_index=True, max_length=64)),
                    ('version', models.CharField(max_length=64)),
                    ('status', models.CharField(choices=[('queued', 'Waiting for the worker'), ('running', 'Being made'), ('merging', 'Putting the pages together'), ('ready', 'Ready'), ('failed', 'Failed')], default='queued', max_length=16)),
                    ('parts_total', models.PositiveIntegerField(default=0)),
                    ('parts_done', models.PositiveIntegerField(default=0)),
                    ('file', models.FileField(blank=True, max_length=255, upload_to='prints/')),
                    ('filename', models.CharField(max_length=120)),
                    ('size', models.PositiveIntegerField(default=0)),
                    ('cpu_ms', models.PositiveIntegerField(default=0)),
                    ('error', models.TextField(blank=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('touched_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                    ('finished_at', models.DateTimeField(blank=True, null=True)),
                    ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='print_jobs', to='tournaments.tournament')),
                ],
                options={
                    'verbose_name': 'document',
                    'verbose_name_plural': 'documents',
                    'db_table': 'tournaments_printjob',
                    'ordering': ['-created_at'],
                },
            ),
            migrations.CreateModel(
                name='PrintPart',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('index', models.PositiveIntegerField()),
                    ('payload', models.JSONField(blank=True, null=True)),
                    ('file', models.CharField(blank=True, max_length=255)),
                    ('done', models.BooleanField(default=False)),
                    ('job', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='parts', to='prints.printjob')),
                ],
                options={
                    'db_table': 'tournaments_printpart',
                    'ordering': ['job', 'index'],
                },
            ),
            migrations.AddConstraint(
                model_name='printjob',
                constraint=models.UniqueConstraint(fields=('slot', 'version'), name='print_job_one_per_version', violation_error_message='This document is being made already; reload the page.'),
            ),
            migrations.AddConstraint(
                model_name='printjob',
                constraint=models.CheckConstraint(condition=models.Q(('parts_done__lte', models.F('parts_total'))), name='print_job_parts_done_lte_total', violation_error_message='A document cannot have more parts made than it has.'),
            ),
            migrations.AddConstraint(
                model_name='printjob',
                constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'ready'), _negated=True), models.Q(('file', ''), _negated=True), _connector='OR'), name='print_job_ready_has_file', violation_error_message='A document is ready only with its file.'),
            ),
            migrations.AddConstraint(
                model_name='printpart',
                constraint=models.UniqueConstraint(fields=('job', 'index'), name='print_part_once', violation_error_message='This part of the document exists already.'),
            ),
        ]),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
