from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0023_print_jobs_to_the_prints_app'),
        ('staff', '0001_initial'),
    ]

    # Invitations and one-time passwords moved to the staff app: their tables stay (staff 0001 took the models
    # over). PlannedReferee stays here (tournaments.models.sessions).
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.RemoveField(
                model_name='staffinvitation',
                name='created_by',
            ),
            migrations.RemoveField(
                model_name='staffinvitation',
                name='team',
            ),
            migrations.RemoveField(
                model_name='staffinvitation',
                name='tournament',
            ),
            migrations.RemoveField(
                model_name='staffinvitation',
                name='used_by',
            ),
            migrations.DeleteModel(
                name='PasswordChangeDue',
            ),
            migrations.DeleteModel(
                name='StaffInvitation',
            ),
        ]),
    ]
