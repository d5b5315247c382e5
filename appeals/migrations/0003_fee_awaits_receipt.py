"""Data: phone-filed appeals whose fee was counted as paid wait for its receipt (3.12.2)."""

import re
from decimal import Decimal

from django.db import migrations


def fee_awaits_receipt(apps, schema_editor):
    """3.12.2: the fee is lodged with the appeal and recorded as received by an organizer.

    Before this migration a phone filing counted the fee as "paid, held" at once; nobody recorded
    receiving it. So:
    - an open appeal waits for its fee to be recorded as received ("awaiting"), and cannot be
      decided before;
    - an open penalty appeal already taken to the arbitration committee keeps the fee forfeited by
      the chief referee's rejection (the committee cannot overturn a penalty, 3.13.3: no fee is held
      again); who forfeited it and when are the chief referee's decision's;
    - a decided appeal keeps its recorded outcome and fee (refunded or forfeited); its receipt stays
      unrecorded (no one and no time are invented);
    - a tournament's fee of 0 (no fee, which 3.12.2 does not allow) becomes the rule's 200 USD; a
      currency code is upper-cased, and one that is not three letters becomes USD.
    """
    Appeal = apps.get_model("appeals", "Appeal")
    AppealDecision = apps.get_model("appeals", "AppealDecision")
    AppealPolicy = apps.get_model("appeals", "AppealPolicy")
    for appeal in Appeal.objects.filter(status="open", fee_status="paid"):
        rejection = (
            AppealDecision.objects.filter(appeal=appeal, stage="chief_referee", outcome="rejected")
            .order_by("-decided_at").first()
        )
        if appeal.subject == "penalty" and appeal.stage == "arbitration" and rejection is not None:
            appeal.fee_status = "forfeited"
            appeal.fee_settled_by_id, appeal.fee_settled_at = rejection.decided_by_id, rejection.decided_at
        else:
            appeal.fee_status = "awaiting"
        appeal.save(update_fields=["fee_status", "fee_settled_by", "fee_settled_at"])
    for policy in AppealPolicy.objects.all():
        currency = (policy.fee_currency or "").upper()
        if policy.fee_amount <= 0:
            policy.fee_amount, currency = Decimal("200.00"), "USD"
        if not re.fullmatch(r"[A-Z]{3}", currency):
            currency = "USD"
        policy.fee_currency = currency
        policy.save(update_fields=["fee_amount", "fee_currency"])


def fee_counted_paid(apps, schema_editor):
    """Back to the old model: an open appeal's fee counted as paid, held."""
    Appeal = apps.get_model("appeals", "Appeal")
    Appeal.objects.filter(status="open").update(fee_status="paid")


class Migration(migrations.Migration):

    dependencies = [("appeals", "0002_fee_receipt_direct_paper")]

    operations = [
        migrations.RunPython(fee_awaits_receipt, fee_counted_paid),
    ]
