"""The migration of 3.12.2's fee step on old appeal rows (appeals 0002-0004)."""

import datetime as dt
from decimal import Decimal

import pytest

from testing.migrations import migrate_to

BEFORE = [("appeals", "0001_initial")]
AFTER = [("appeals", "0004_fee_constraints")]


@pytest.mark.django_db(transaction=True)
def test_3_12_2_old_appeals_fee_counted_paid_migrates(ended_sheet, registrations, chief_referee, tournament):
    """Before: a phone filing counted the fee "paid, held" at once. After: an open appeal awaits the
    fee's receipt; a penalty appeal escalated after the chief referee's rejection keeps the fee
    forfeited (3.13.3: nothing held again), who forfeited it and when are the rejection's; a decided
    appeal keeps its recorded outcome; a fee of 0 becomes the rule's 200 USD."""
    old = migrate_to(BEFORE)
    Appeal = old.get_model("appeals", "Appeal")
    AppealDecision = old.get_model("appeals", "AppealDecision")
    AppealPolicy = old.get_model("appeals", "AppealPolicy")
    Penalty = old.get_model("penalties", "Penalty")
    AppealPolicy.objects.create(tournament_id=tournament.pk, fee_amount=Decimal("0"), fee_currency="eur")
    now = ended_sheet.session.ended_at + dt.timedelta(minutes=5)
    common = {"tournament_id": tournament.pk, "session_id": ended_sheet.session_id, "sheet_id": ended_sheet.pk,
              "appellant_id": registrations[0].pk, "statement": "Old.", "filed_by_id": chief_referee.pk,
              "filed_at": now, "appellant_signed_at": now, "fee_amount": Decimal("200"), "fee_currency": "USD"}
    penalty_id = Penalty.objects.values_list("pk", flat=True).get()  # the columns of this state may be gone
    open_one = Appeal.objects.create(subject="sheet", category="rules", stage="chief_referee", status="open",
                                     fee_status="paid", **common)
    upheld = Appeal.objects.create(subject="sheet", category="rules", stage="chief_referee", status="upheld",
                                   fee_status="refunded", **common)
    rejected = Appeal.objects.create(subject="sheet", category="other", stage="arbitration", status="rejected",
                                     fee_status="forfeited", **common)
    escalated = Appeal.objects.create(subject="penalty", penalty_id=penalty_id, category="rules",
                                      stage="arbitration", status="open", fee_status="paid", **common)
    rejection = AppealDecision.objects.create(appeal=escalated, stage="chief_referee", outcome="rejected",
                                              reasons="Stands.", decided_by_id=chief_referee.pk)

    new = migrate_to(AFTER)
    Appeal = new.get_model("appeals", "Appeal")
    row = {a.pk: a for a in Appeal.objects.all()}
    assert (row[open_one.pk].status, row[open_one.pk].fee_status, row[open_one.pk].fee_received_at) == (
        "open", "awaiting", None)
    assert (row[upheld.pk].status, row[upheld.pk].fee_status) == ("upheld", "refunded")
    assert (row[rejected.pk].status, row[rejected.pk].fee_status) == ("rejected", "forfeited")
    assert row[upheld.pk].fee_received_at is None and row[upheld.pk].fee_settled_at is None  # nothing invented
    moved = row[escalated.pk]
    assert (moved.status, moved.fee_status, moved.stage) == ("open", "forfeited", "arbitration")
    assert (moved.fee_settled_by_id, moved.fee_settled_at) == (chief_referee.pk, rejection.decided_at)
    assert all(not a.on_paper and not a.direct_to_arbitration for a in row.values())
    policy = new.get_model("appeals", "AppealPolicy").objects.get()
    assert (policy.fee_amount, policy.fee_currency) == (Decimal("200.00"), "USD")
    # And back: the old model's "paid, held" for every open appeal.
    old = migrate_to(BEFORE)
    assert set(old.get_model("appeals", "Appeal").objects.filter(status="open").values_list("fee_status", flat=True)) \
        == {"paid"}
    migrate_to(AFTER)
