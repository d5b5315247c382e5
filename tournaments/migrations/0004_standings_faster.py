# Standings for large tournaments (bench/standings.py): each score sheet keeps its seats' hand
# totals, and a snapshot is stored as JSON text with a digest.

from django.db import migrations, models
from django.db.models import OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce

import tournaments.models.standings


def totals_from_hands(apps, schema_editor):
    ScoreSheet = apps.get_model("tournaments", "ScoreSheet")
    Hand = apps.get_model("tournaments", "Hand")

    def total(column):
        per_sheet = Hand.objects.filter(sheet=OuterRef("pk")).order_by().values("sheet").annotate(s=Sum(column))
        return Coalesce(Subquery(per_sheet.values("s")), Value(0))

    ScoreSheet.objects.update(**{f"total{seat}": total(f"d{seat}") for seat in range(4)})


def lz4_on_postgresql(apps, schema_editor):
    """Snapshots are ~2 MB of text: lz4 compresses them in half the time of PostgreSQL's default
    pglz (bench/standings.py). Only where the server has lz4 (PostgreSQL 14+ built with it)."""
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"
        )
        if cursor.fetchone():
            cursor.execute("ALTER TABLE tournaments_standingssnapshot ALTER COLUMN data SET COMPRESSION lz4")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0003_score_sheets'),
    ]

    operations = [
        migrations.AddField(
            model_name='scoresheet',
            name='total0',
            field=models.IntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='scoresheet',
            name='total1',
            field=models.IntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='scoresheet',
            name='total2',
            field=models.IntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='scoresheet',
            name='total3',
            field=models.IntegerField(default=0, editable=False),
        ),
        migrations.RunPython(totals_from_hands, migrations.RunPython.noop),
        migrations.AddField(
            model_name='standingssnapshot',
            name='digest',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='standingssnapshot',
            name='data',
            field=tournaments.models.standings.JSONTextField(),
        ),
        migrations.RunPython(lz4_on_postgresql, migrations.RunPython.noop),
    ]
