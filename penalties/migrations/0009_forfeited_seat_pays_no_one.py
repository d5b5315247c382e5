"""Hands entered at a table with a forfeited seat before the seat was left out of the payments: settled again
without it (3.11.2.1 "本局为0分"; scoring/READINGS.md P2), and the sheets' totals with them."""

from django.db import migrations


def settle_again(apps, schema_editor):
    from scoring.engine import settle

    Penalty = apps.get_model("penalties", "Penalty")
    SeatAssignment = apps.get_model("tournaments", "SeatAssignment")
    Hand = apps.get_model("tournaments", "Hand")
    ScoreSheet = apps.get_model("tournaments", "ScoreSheet")
    absent: dict[int, set[int]] = {}
    for sheet_id, offender_id, session_id, table_id in Penalty.objects.filter(status="active", forfeit=True).values_list(
            "sheet_id", "offender_id", "sheet__session_id", "sheet__table_id"):
        seat = SeatAssignment.objects.filter(session_id=session_id, table_id=table_id,
                                             registration_id=offender_id).values_list("seat", flat=True).first()
        if seat is not None:
            absent.setdefault(sheet_id, set()).add(seat)
    for sheet in ScoreSheet.objects.filter(pk__in=absent).select_related("session__tournament"):
        rule_set = sheet.session.tournament.rule_set
        for hand in Hand.objects.filter(sheet=sheet, result="win"):
            if hand.winner in absent[sheet.pk] or hand.discarder in absent[sheet.pk]:
                continue  # a hand naming the forfeiter: left for the referee to correct, as it was recorded
            hand.d0, hand.d1, hand.d2, hand.d3 = settle(hand.total, winner=hand.winner, discarder=hand.discarder,
                                                        rule_set=rule_set, absent=absent[sheet.pk])
            hand.save(update_fields=["d0", "d1", "d2", "d3"])
        rows = list(Hand.objects.filter(sheet=sheet).values_list("d0", "d1", "d2", "d3"))
        totals = [sum(row[seat] for row in rows) for seat in range(4)]
        ScoreSheet.objects.filter(pk=sheet.pk).update(total0=totals[0], total1=totals[1], total2=totals[2],
                                                      total3=totals[3], version=sheet.version + 1)


class Migration(migrations.Migration):
    dependencies = [
        ("penalties", "0008_disqualification_at_table"),
        ("tournaments", "0027_tournament_hidden_at"),
    ]

    operations = [migrations.RunPython(settle_again, migrations.RunPython.noop)]
