"""The Pin registration and its results certificates in the tournament archive (docs/archive.md):
a "pin_registration" key of the archive's "tournament" object, through the core's archive seam.

    {"level": "world", "class": "A", "players": 96, "sessions": 8, "standings_version": 12,
     "registered_at": "2026-05-03T18:00:00+00:00",
     "certificates": [{"entry": "12", "federation_id": "ES-1", "code": "7KQ4-MZ2D-9XHP",
                       "signer": "Claire Martin", "signed_at": "2026-05-03T18:20:00+00:00"}]}

Exported for a tournament registered now. On import the tournament is registered again at that level
once its results are saved (`finish`), and each player's certificate keeps its code (unless this
server already has that code: then a new one) and its signature (the signer's name and date; the
account is not in the archive). A class different from the archive's, or a tournament not finished,
refuses the import with the reason. Only an import by a Pin committee member (or a command) carries
the registration: an organizer's import of the same file leaves the tournament unregistered."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from pin_ranking.engine import Level
from pin_ranking.models import Competition, ResultCertificate
from tournaments.extensions import TournamentArchiveSection

KEY = "pin_registration"


def export(tournament) -> dict | None:
    competition = Competition.objects.filter(tournament=tournament, unregistered_at__isnull=True).first()
    if competition is None:
        return None
    entries = dict(tournament.registrations.values_list("player_id", "entry_number"))
    certificates = []
    for certificate in ResultCertificate.objects.filter(
            result__competition=competition, result__superseded_at__isnull=True, superseded_at__isnull=True,
    ).select_related("result").order_by("result__rank", "result__name"):
        item = {"entry": str(entries.get(certificate.result.player_id, "")),
                "federation_id": certificate.result.federation_id, "code": certificate.code}
        if certificate.signed_at is not None:
            item["signer"] = certificate.signer_name
            item["signed_at"] = certificate.signed_at.isoformat()
        certificates.append(item)
    return {"level": competition.level, "class": competition.klass, "players": competition.players,
            "sessions": competition.sessions, "standings_version": competition.standings_version,
            "registered_at": competition.registered_at.isoformat(), "certificates": certificates}


def check(value) -> list[str]:
    if not isinstance(value, dict):
        return [_("“pin_registration” must be an object with a level and certificates.")]
    problems = []
    if value.get("level") not in {lv.value for lv in Level}:
        problems.append(_("“pin_registration”: unknown level “%(level)s”.") % {"level": value.get("level")})
    certificates = value.get("certificates", [])
    if not isinstance(certificates, list) or not all(isinstance(c, dict) for c in certificates):
        problems.append(_("“pin_registration”: “certificates” must be a list of objects."))
        return problems
    for position, item in enumerate(certificates, start=1):
        if item.get("signed_at"):
            try:
                dt.datetime.fromisoformat(str(item["signed_at"]))
            except ValueError:
                problems.append(_("“pin_registration”: certificate %(n)d has a signature date that is not a date.")
                                % {"n": position})
    return problems


def save(tournament, value, actor) -> None:
    """Nothing before the results exist; see finish."""


def finish(tournament, value, actor) -> None:
    """Register the imported tournament again; only the import of someone who registers competitions (the
    world body's member, or a command's, actor None: 4.4) carries a registration: anyone else's import
    leaves the tournament unregistered. Certificates signed in the archive read as signed elsewhere and
    entered by the importer."""
    from django.utils import timezone

    from pin_ranking.access import seats_of
    from pin_ranking.register.services import competition_register

    if actor is not None and not seats_of(actor).world:
        return
    tournament.refresh_from_db()
    competition = competition_register(actor=actor, tournament=tournament, level=value["level"])
    if value.get("class") and value["class"] != competition.klass:
        raise ValidationError(_("The archive says the competition was of class %(archived)s, but its results make it "
                                "class %(klass)s: correct the archive.") % {"archived": value["class"],
                                                                           "klass": competition.klass})
    Competition.objects.filter(pk=competition.pk).update(source=Competition.Source.ARCHIVE)
    entries = dict(tournament.registrations.values_list("entry_number", "player_id"))
    by_player = {c.result.player_id: c for c in ResultCertificate.objects.filter(result__competition=competition)
                 .select_related("result")}
    taken = set(ResultCertificate.objects.filter(code__in=[c.get("code") for c in value.get("certificates", [])])
                .exclude(result__competition=competition).values_list("code", flat=True))
    changed = []
    for item in value.get("certificates", []):
        entry = str(item.get("entry", ""))
        certificate = by_player.get(entries.get(int(entry))) if entry.isdigit() else None
        if certificate is None:
            continue
        if item.get("code") and item["code"] not in taken:
            certificate.code = str(item["code"])[:16]
        if item.get("signed_at"):
            certificate.signed_at = dt.datetime.fromisoformat(str(item["signed_at"]))
            certificate.signer_name = str(item.get("signer") or "")[:200] or _("chief referee")
            certificate.entered_by, certificate.entered_at = actor, timezone.now()
        changed.append(certificate)
    ResultCertificate.objects.bulk_update(changed, ["code", "signed_at", "signer_name", "entered_by", "entered_at"])


SECTION = TournamentArchiveSection(key=KEY, export=export, check=check, save=save, finish=finish)
