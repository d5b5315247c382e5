from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0022_print_jobs'),
        ('prints', '0001_initial'),
    ]

    # Big documents moved to the prints app: their tables stay (prints 0001 took the models over).
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.RemoveField(
                model_name='printpart',
                name='job',
            ),
            migrations.DeleteModel(
                name='PrintJob',
            ),
            migrations.DeleteModel(
                name='PrintPart',
            ),
        ]),
    ]
