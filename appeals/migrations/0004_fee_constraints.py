"""The fee's invariants (3.12.2), once the data of 0003 meets them."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("appeals", "0003_fee_awaits_receipt")]

    operations = [
        migrations.AddConstraint(
            model_name='appeal',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('fee_status__in', ['awaiting', 'paid']), ('status', 'open')), models.Q(('fee_status', 'forfeited'), ('stage', 'arbitration'), ('status', 'open'), ('subject', 'penalty')), models.Q(('fee_status', 'refunded'), ('status', 'upheld')), models.Q(('fee_status', 'forfeited'), ('status', 'rejected')), _connector='OR'), name='appeal_fee_follows_outcome'),
        ),
        migrations.AddConstraint(
            model_name='appeal',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('fee_received_at__isnull', False), ('fee_status', 'paid')), models.Q(('fee_received_at__isnull', True), ('fee_status', 'awaiting')), ('fee_status__in', ['refunded', 'forfeited']), _connector='OR'), name='appeal_fee_receipt_recorded'),
        ),
        migrations.AddConstraint(
            model_name='appeal',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('fee_received_at__isnull', True), ('fee_received_by__isnull', True)), models.Q(('fee_received_at__isnull', False), ('fee_received_by__isnull', False)), _connector='OR'), name='appeal_fee_received_by_and_at'),
        ),
        migrations.AddConstraint(
            model_name='appeal',
            constraint=models.CheckConstraint(condition=models.Q(('fee_amount__gte', 0)), name='appeal_fee_amount_not_negative'),
        ),
        migrations.AddConstraint(
            model_name='appealpolicy',
            constraint=models.CheckConstraint(condition=models.Q(('fee_amount__gt', 0)), name='appeal_fee_positive'),
        ),
        migrations.AddConstraint(
            model_name='appealpolicy',
            constraint=models.CheckConstraint(condition=models.Q(('fee_currency__regex', '^[A-Z]{3}$')), name='appeal_fee_currency_code'),
        ),
    ]
