"""An earlier register's Pins from a file (7.4 建立档案): the public register's export (number, name, country, track,
Pin, date, committee, source) with each holder's federation ID added, as the world body keeps it. All or nothing,
every problem located, as every file import here (roster.files reads it).

The public export leaves the federation ID out (it is personal data): the committee adds that column, and the
holder is the register's record of that ID (the kept one after a merge). A number already in the register is
refused, so a file imported twice adds nothing; the numbers this system gives continue after the highest
imported (pin_ranking.committee.services._number).
"""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.access import world_body_required
from pin_ranking.ledger.selectors import kept_players
from pin_ranking.models import Committee, PinAward
from roster.files import RosterFileError, read_table
from roster.files import problem_message as file_problem_message
from tournaments.audit import AuditAction, audit_record
from tournaments.models import Player

COLUMNS = ("number", "federation_id", "track", "pin", "awarded_on")  # needed; name, country and the rest are read
TRACKS = {"pin": "pin", "web_pin": "web_pin", "web pin": "web_pin"}


def _table(filename: str, content: bytes) -> list[tuple[int, dict]]:
    try:
        table, _encoding = read_table(filename, content, sheet="Register")
    except RosterFileError as error:
        raise ValidationError([file_problem_message(p.as_dict()) for p in error.problems]) from None
    numbered = [(n, row) for n, row in enumerate(table, start=1) if any(str(cell).strip() for cell in row)]
    if len(numbered) < 2:
        raise ValidationError(_("The file has no data rows."))
    header = [str(cell).strip().lower() for cell in numbered[0][1]]
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise ValidationError(_("The columns %(columns)s are missing: the register's export with a “federation_id” "
                                "column added.") % {"columns": ", ".join(f"“{c}”" for c in missing)})
    return [(n, {column: str(cell).strip() for column, cell in zip(header, row, strict=False)})
            for n, row in numbered[1:]]


@transaction.atomic
def pin_awards_import(*, actor, filename: str, content: bytes) -> list[PinAward]:
    """Enter an earlier register's Pins (the world body, or a command: `actor` None). Refused whole, each
    problem named with its row, when a row names no known federation ID, a track, Pin or date that is none, or a
    number already in the register or twice in the file."""
    if actor is not None:
        world_body_required(actor)
    rows = _table(filename, content)
    ids = {row["federation_id"] for _n, row in rows}
    players = kept_players({p.federation_id: p for p in Player.objects.filter(federation_id__in=ids)})
    taken = set(PinAward.objects.filter(number__in=[row["number"] for _n, row in rows])
                .values_list("number", flat=True))
    committee = Committee.objects.filter(kind="world", retired_at__isnull=True).first()
    problems, awards, seen = [], [], {}
    for number, row in rows:
        def problem(text: str, number=number) -> None:
            problems.append(_("Row %(row)d: %(problem)s") % {"row": number, "problem": text})

        player = players.get(row["federation_id"])
        track = TRACKS.get(row["track"].lower())
        pin = int(row["pin"]) if row["pin"].isdigit() else 0
        try:
            awarded_on = dt.date.fromisoformat(row["awarded_on"][:10])
        except ValueError:
            awarded_on = None
        if player is None:
            problem(_("no record has the federation ID “%(id)s”.") % {"id": row["federation_id"]})
        if track is None:
            problem(_("“%(track)s” is no track (pin or web_pin).") % {"track": row["track"]})
        if not 1 <= pin <= 9:
            problem(_("a Pin is 1 (highest) to 9 (lowest), not “%(pin)s”.") % {"pin": row["pin"]})
        if awarded_on is None or awarded_on > timezone.localdate():
            problem(_("“%(date)s” is no date of the past (YYYY-MM-DD).") % {"date": row["awarded_on"]})
        if not row["number"] or row["number"] in taken:
            problem(_("certificate “%(number)s” is already in the register (or has no number).")
                    % {"number": row["number"]})
        elif row["number"] in seen:
            problem(_("certificate “%(number)s” comes again (first on row %(first)d).")
                    % {"number": row["number"], "first": seen[row["number"]]})
        seen.setdefault(row["number"], number)
        if player is not None and track and 1 <= pin <= 9 and awarded_on:
            awards.append(PinAward(player=player, track=track, pin=pin, number=row["number"][:32],
                                   name=row.get("name") or player.name, country=row.get("country") or player.country,
                                   committee=committee, awarded_on=awarded_on, source=PinAward.Source.REGISTER,
                                   entered_by=actor))
    if committee is None:
        problems.append(_("The world body's committee does not exist yet: create it first."))
    if problems:
        raise ValidationError(problems)
    PinAward.objects.bulk_create(awards)
    audit_record(actor=actor, action=AuditAction.PIN_AWARDS_IMPORTED, obj=None,
                 detail={"file": filename[:255], "awards": len(awards)})
    return awards
