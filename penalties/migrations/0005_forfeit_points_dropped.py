"""Issue 12, helper P: 3.11.2.1 "本局为0分" - a forfeited session scores 0 table points with no
override; the column is dropped once 0004 has written any points set into the penalty's note."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("penalties", "0004_sanctions"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="penalty",
            name="penalty_forfeit_points_at_most_4",
        ),
        migrations.RemoveField(
            model_name="penalty",
            name="forfeit_table_points",
        ),
    ]
