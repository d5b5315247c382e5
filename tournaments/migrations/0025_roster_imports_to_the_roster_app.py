from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0024_staff_to_the_staff_app'),
        ('roster', '0001_initial'),
    ]

    # Roster imports moved to the roster app: the table stays (roster 0001 took the model over).
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(
                name='ImportJob',
            ),
        ]),
    ]
