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
    ]
