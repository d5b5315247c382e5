"""The Pin registration and its certificates in the tournament archive: a round trip."""

import pytest

from archive.export import tournament_export_archive
from archive.read import ArchiveInvalid
from archive.services import tournament_import_archive
from pin_ranking.models import Competition, ResultCertificate
from pin_ranking.register import services
from testing.archives import renamed
from testing.fixtures import make_user
from tournaments.models import Membership, Role


def forty_players_six_sessions(name="Regional Cup"):
    players = [{"entry": str(n), "name": f"Player {n}", "country": "CN", "federation_id": f"RC-{n}"}
               for n in range(1, 41)]
    sessions = []
    for number in range(1, 7):
        order = [str(n) for n in range(1, 41)]
        order = order[number:] + order[:number]
        tables = [{"number": t + 1, "seats": order[4 * t:4 * t + 4], "hands": [{"number": 1, "result": "draw"}]}
                  for t in range(10)]
        sessions.append({"number": number, "tables": tables})
    return {"format": "mcr-tournament-archive/1",
            "tournament": {"name": name, "rules": "green_book", "sessions": 6, "starts_on": "2026-04-01",
                           "ends_on": "2026-04-02"},
            "teams": [], "players": players, "sessions": sessions}


@pytest.mark.django_db
def test_registration_and_certificates_round_trip(committee_member):
    tournament = tournament_import_archive(actor=committee_member, data=forty_players_six_sessions())
    assert tournament.status == "finished"
    competition = services.competition_register(actor=committee_member, tournament=tournament, level="regional")
    assert competition.klass == "C" and competition.results.count() == 40
    chief = make_user("chief-rc")
    Membership.objects.create(user=chief, tournament=tournament, role=Role.CHIEF_REFEREE)
    services.certificate_sign(actor=chief, certificate=ResultCertificate.objects.get(result__federation_id="RC-1"))
    data = tournament_export_archive(tournament)
    section = data["tournament"]["pin_registration"]
    assert section["level"] == "regional" and section["class"] == "C" and len(section["certificates"]) == 40
    signed = next(c for c in section["certificates"] if c["federation_id"] == "RC-1")
    assert signed["signer"] == "chief-rc"
    # Into another server: the same codes and signatures (here: the codes are taken, so new ones).
    services.competition_unregister(actor=committee_member, competition=competition, reason="moved")
    copy = tournament_import_archive(actor=committee_member, data=renamed(data, "Regional Cup (copy)"))
    again = Competition.objects.get(tournament=copy, unregistered_at__isnull=True)
    assert again.source == "archive" and again.klass == "C" and again.level == "regional"
    restored = ResultCertificate.objects.get(result__competition=again, result__federation_id="RC-1")
    assert restored.is_signed and restored.signer_name == "chief-rc" and restored.signed_by is None
    assert restored.signed_at.isoformat() == signed["signed_at"]
    unsigned = ResultCertificate.objects.get(result__competition=again, result__federation_id="RC-2")
    assert not unsigned.is_signed


@pytest.mark.django_db
def test_the_archive_codes_are_kept_on_a_fresh_server(committee_member):
    tournament = tournament_import_archive(actor=committee_member, data=forty_players_six_sessions())
    original = services.competition_register(actor=committee_member, tournament=tournament, level="regional")
    data = tournament_export_archive(tournament)
    codes = {c["federation_id"]: c["code"] for c in data["tournament"]["pin_registration"]["certificates"]}
    # A fresh server: the original rows are gone (here: unregistered, as the same results never count twice).
    services.competition_unregister(actor=committee_member, competition=original, reason="a fresh server")
    for certificate in ResultCertificate.objects.all():
        ResultCertificate.objects.filter(pk=certificate.pk).update(code=f"OLD-{certificate.pk}")
    copy = tournament_import_archive(actor=committee_member, data=renamed(data, "Regional Cup 2"))
    kept = dict(ResultCertificate.objects.filter(result__competition__tournament=copy)
                .values_list("result__federation_id", "code"))
    assert kept == codes


@pytest.mark.django_db
def test_a_wrong_class_or_level_refuses_the_import(committee_member):
    data = forty_players_six_sessions()
    data["tournament"]["pin_registration"] = {"level": "galactic", "certificates": []}
    with pytest.raises(ArchiveInvalid):
        tournament_import_archive(actor=committee_member, data=data)
    data["tournament"]["pin_registration"] = {"level": "regional", "class": "A", "certificates": []}
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="class A"):
        tournament_import_archive(actor=committee_member, data=data)
    assert not Competition.objects.exists()


@pytest.mark.django_db
def test_an_organizers_import_carries_no_registration(organizer):
    data = forty_players_six_sessions()
    data["tournament"]["pin_registration"] = {"level": "regional", "class": "C", "certificates": []}
    tournament = tournament_import_archive(actor=organizer, data=data)
    assert tournament.status == "finished" and not Competition.objects.exists()
