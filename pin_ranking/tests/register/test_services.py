"""Registering competitions, freezing and correcting results, certificates, the eligibility recompute."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from pin_ranking.committee.services import pin_register_update
from pin_ranking.ledger.services import eligibility_recompute
from pin_ranking.models import Competition, CompetitionResult, Ledger, LedgerSnapshot, ResultCertificate
from pin_ranking.register import services
from pin_ranking.testing import finished_tournament, new_standings
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent, Membership, Role, Tournament

TP = 12


def rows(n, *, tp=10 * TP, cp=100, **extra):
    return [{"fid": f"F{i:04d}", "name": f"Player {i}", "tp": tp, "cp": cp, **extra} for i in range(n)]


@pytest.fixture
def national(db):
    """100 players, 8 sessions: a national event is class B, never A (5.1-5.2)."""
    top = [
        {"fid": "CN001", "name": "Wang Fang", "tp": 41 * TP + 6, "cp": 1200, "team": "Beijing", "group": "North"},
        {"fid": "CN002", "name": "Li Lei", "tp": 30 * TP, "cp": -300, "team": "Beijing", "group": "North"},
        {"fid": "CN003", "name": "Zhao Min", "tp": 30 * TP, "cp": -300, "team": "Shanghai"},
    ]
    return finished_tournament(name="National Open", rows=top, extra_players=97)


@pytest.mark.django_db
def test_4_4_registering_a_finished_tournament_freezes_its_results_and_class(national, committee_member,
                                                                             run_on_commit):
    competition = run_on_commit(lambda: services.competition_register(actor=committee_member, tournament=national,
                                                                      level="national"))
    assert (competition.klass, competition.players, competition.sessions) == ("B", 100, 8)
    results = {r.federation_id: r for r in competition.results.all()}
    assert len(results) == 100
    wang, li, zhao = results["CN001"], results["CN002"], results["CN003"]
    assert (wang.rank, wang.table_points, wang.contest_points) == (1, 498, 1200)
    # 3.10.1: equal table and contest points share the rank.
    assert li.rank == zhao.rank == 2
    assert (wang.team_rank, wang.group_rank, zhao.team_rank) == (1, 1, 2)
    assert ResultCertificate.objects.filter(result__competition=competition, signed_at__isnull=True).count() == 100
    ledger = Ledger.objects.get(player__federation_id="CN001", track="pin")
    assert ledger.pin == 7 and ledger.points == 498 and ledger.contest_points == 1200
    assert Ledger.objects.get(player__federation_id="CN002", track="pin").contest_points == 0  # 4.6 note 1
    assert not Ledger.objects.filter(track="web_pin").exists()  # 3.5
    event = AuditEvent.objects.get(action="pin.competition_registered")
    assert event.detail["class"] == "B" and event.actor == committee_member


@pytest.mark.django_db
def test_4_4_registered_twice_refused(national, committee_member):
    services.competition_register(actor=committee_member, tournament=national, level="national")
    with pytest.raises(ValidationError, match="already registered"):
        services.competition_register(actor=committee_member, tournament=national, level="world")
    assert Competition.objects.count() == 1


@pytest.mark.django_db
def test_4_4_a_tournament_not_finished_refused(national, committee_member):
    Tournament.objects.filter(pk=national.pk).update(status=Tournament.Status.RUNNING)
    national.refresh_from_db()
    with pytest.raises(ValidationError, match="not finished"):
        services.competition_register(actor=committee_member, tournament=national, level="national")
    assert not Competition.objects.exists()


@pytest.mark.django_db
def test_5_a_competition_meeting_no_class_refused_with_the_reason(committee_member):
    small = finished_tournament(name="Club Night", rows=rows(39), sessions=6)
    with pytest.raises(ValidationError) as error:
        services.competition_register(actor=committee_member, tournament=small, level="regional")
    assert "class C needs at least 40 players (it had 39)" in str(error.value)
    assert not Competition.objects.exists() and not CompetitionResult.objects.exists()


@pytest.mark.django_db
def test_5_1_world_event_of_79_players_is_class_b_and_80_is_a(committee_member):
    b = finished_tournament(name="World 79", rows=rows(79))
    a = finished_tournament(name="World 80", rows=rows(80), fid_prefix="W")
    assert services.competition_register(actor=committee_member, tournament=b, level="world").klass == "B"
    services.competition_unregister(actor=committee_member, competition=Competition.objects.get(), reason="test")
    assert services.competition_register(actor=committee_member, tournament=a, level="world").klass == "A"


@pytest.mark.django_db
def test_bad_level_refused(national, committee_member):
    with pytest.raises(ValidationError, match="Unknown level"):
        services.competition_register(actor=committee_member, tournament=national, level="galactic")


@pytest.mark.django_db
def test_only_the_committee_registers(national, organizer):
    with pytest.raises(NotFound):
        services.competition_register(actor=organizer, tournament=national, level="national")


@pytest.mark.django_db
def test_4_4_unregistered_competitions_stop_counting(national, committee_member, run_on_commit):
    competition = run_on_commit(lambda: services.competition_register(actor=committee_member, tournament=national,
                                                                      level="national"))
    with pytest.raises(ValidationError):
        services.competition_unregister(actor=committee_member, competition=competition, reason=" ")
    run_on_commit(lambda: services.competition_unregister(actor=committee_member, competition=competition,
                                                          reason="not archived"))
    ledger = Ledger.objects.get(player__federation_id="CN001", track="pin")
    assert (ledger.pin, ledger.points, ledger.version) == (None, 0, 2)
    # Each version stored once: version 2 is the ledger, version 1 (replaced) its snapshot.
    assert list(LedgerSnapshot.objects.filter(player__federation_id="CN001", track="pin")
                .values_list("version", flat=True)) == [1]
    # registered again after an unregistration: allowed
    services.competition_register(actor=committee_member, tournament=national, level="national")


@pytest.mark.django_db
def test_7_2_a_correction_supersedes_the_certificate_and_the_ledger_follows(national, committee_member,
                                                                            run_on_commit):
    competition = run_on_commit(lambda: services.competition_register(actor=committee_member, tournament=national,
                                                                      level="national"))
    old = ResultCertificate.objects.get(result__federation_id="CN002")
    untouched = ResultCertificate.objects.get(result__federation_id="CN003")
    new_standings(national, {"CN002": (61 * TP, 1000)})
    changed = run_on_commit(lambda: services.competition_results_correct(actor=None, tournament_id=national.pk))
    assert changed == 3  # Li's points, and Li, Wang and Zhao's ranks moved
    old.refresh_from_db()
    assert old.superseded_at is not None and old.superseded_by.result.table_points == 61 * TP
    assert old.superseded_by.standings_version == 2 and not old.superseded_by.is_signed
    untouched.refresh_from_db()
    assert untouched.superseded_at is not None  # Zhao's rank went from 2 to 3
    li = Ledger.objects.get(player__federation_id="CN002", track="pin")
    assert li.points == 61 * TP and li.contest_points == 1000 and li.pin == 6  # rank 1, 61 TP, 1000 CP
    assert CompetitionResult.objects.filter(competition=competition, superseded_at__isnull=True).count() == 100
    # the same standings again: nothing changes
    assert services.competition_results_correct(actor=None, tournament_id=national.pk) == 0


@pytest.mark.django_db
def test_a_new_standings_version_reaches_the_register_through_the_core_seam(national, committee_member,
                                                                            run_on_commit):
    from tournaments import extensions

    run_on_commit(lambda: services.competition_register(actor=committee_member, tournament=national,
                                                        level="national"))
    snapshot = new_standings(national, {"CN003": (50 * TP, 10)})
    run_on_commit(lambda: extensions.standings_changed(national.pk, snapshot.version))
    assert CompetitionResult.objects.get(federation_id="CN003", superseded_at__isnull=True).table_points == 50 * TP


@pytest.fixture
def registered(national, committee_member):
    return services.competition_register(actor=committee_member, tournament=national, level="national")


@pytest.mark.django_db
def test_7_2_the_chief_referee_signs(registered, national):
    chief = make_user("chief")
    Membership.objects.create(user=chief, tournament=national, role=Role.CHIEF_REFEREE)
    certificate = ResultCertificate.objects.get(result__federation_id="CN001")
    signed = services.certificate_sign(actor=chief, certificate=certificate)
    assert signed.signed_by == chief and signed.signer_name == "chief" and signed.standings_version == 1
    with pytest.raises(ValidationError, match="already signed"):
        services.certificate_sign(actor=chief, certificate=certificate)
    assert services.certificates_sign_all(actor=chief, competition=registered) == 99
    assert AuditEvent.objects.filter(action="pin.certificate_signed").count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.REFEREE, Role.ORGANIZER, Role.ARBITRATOR, None])
def test_7_2_anyone_but_the_chief_referee_refused(registered, national, role):
    user = make_user(f"u{role}")
    if role:
        Membership.objects.create(user=user, tournament=national, role=role)
    certificate = ResultCertificate.objects.get(result__federation_id="CN001")
    with pytest.raises(ValidationError, match="Only the chief referee"):
        services.certificate_sign(actor=user, certificate=certificate)
    with pytest.raises(ValidationError, match="Only the chief referee"):
        services.certificates_sign_all(actor=user, competition=registered)
    assert not ResultCertificate.objects.filter(signed_at__isnull=False).exists()


@pytest.mark.django_db
def test_a_superseded_certificate_is_not_signed(registered, national):
    chief = make_user("chief")
    Membership.objects.create(user=chief, tournament=national, role=Role.CHIEF_REFEREE)
    old = ResultCertificate.objects.get(result__federation_id="CN002")
    new_standings(national, {"CN002": (61 * TP, 1000)})
    services.competition_results_correct(actor=None, tournament_id=national.pk)
    with pytest.raises(ValidationError, match="superseded"):
        services.certificate_sign(actor=chief, certificate=old)


@pytest.mark.django_db
def test_recompute_is_idempotent(registered):
    first = eligibility_recompute(reason="test")
    assert first.changed == 100
    second = eligibility_recompute(reason="test")
    assert second.changed == 0 and second.players == 100
    assert Ledger.objects.get(player__federation_id="CN001").version == 1


@pytest.mark.django_db
def test_7_3_the_standards_edition_is_a_register_setting_and_recomputes(registered, committee_member,
                                                                        run_on_commit):
    eligibility_recompute(reason="test")
    register = run_on_commit(lambda: pin_register_update(actor=committee_member, edition="2006"))
    assert register.edition == "2006" and register.standards_version == 2
    ledger = Ledger.objects.get(player__federation_id="CN001", track="pin")
    assert ledger.edition == "2006" and ledger.version == 2 and ledger.standards_version == 2
    with pytest.raises(ValidationError):
        pin_register_update(actor=committee_member, edition="2030")


@pytest.mark.django_db
def test_3_5_a_web_competition_feeds_the_web_pin_only(committee_member, run_on_commit):
    web = finished_tournament(name="Web League", rows=[{"fid": "WEB1", "name": "Net Star", "tp": 40 * TP,
                                                        "cp": 12000}], extra_players=60, sessions=10)
    competition = run_on_commit(lambda: services.competition_register(actor=committee_member, tournament=web,
                                                                      level="web"))
    assert competition.klass == "C" and competition.track == "web_pin"
    ledger = Ledger.objects.get(player__federation_id="WEB1", track="web_pin")
    assert ledger.pin == 6 and ledger.points == 12000  # 10000 web points and first place (top 24)
    assert not Ledger.objects.filter(player__federation_id="WEB1", track="pin").exists()


@pytest.mark.django_db
def test_results_certificate_codes_are_unique_and_readable(registered):
    codes = list(ResultCertificate.objects.values_list("code", flat=True))
    assert len(set(codes)) == len(codes) == 100
    assert all(len(c) == 14 and c[4] == c[9] == "-" and not set(c) & set("01IO") for c in codes)


@pytest.mark.django_db
def test_frozen_rows_keep_names_as_they_were(registered):
    from tournaments.models import Player

    Player.objects.filter(federation_id="CN001").update(name="Wang Fang (renamed)")
    assert CompetitionResult.objects.get(federation_id="CN001").name == "Wang Fang"
    assert dt.date(2026, 5, 1) == registered.starts_on


@pytest.mark.django_db
def test_3_10_1_the_rank_is_the_one_the_competition_published_on_every_route(committee_member):
    """按竞赛规定: equal table and contest points, the organizer's tie-break (say, most firsts) published 16th and
    17th; the Pin reads 16 and 17, as the chief referee signs and the ranking report prints, not 16 and 16."""
    rows = [{"fid": f"T{n}", "name": f"Player {n}", "tp": (40 - n) * TP, "cp": 100} for n in range(1, 16)]
    rows += [{"fid": "TIE-X", "name": "Tie X", "tp": 20 * TP, "cp": 50},
             {"fid": "TIE-Y", "name": "Tie Y", "tp": 20 * TP, "cp": 50}]
    tournament = finished_tournament(name="Tie Cup", rows=rows, extra_players=45, sessions=8)
    snapshot = tournament.standings_snapshots.order_by("-version").first()
    for row in snapshot.data["individuals"]:
        if row["federation_id"] == "TIE-Y":
            row["rank"] = 17  # the regulation's tie-break put TIE-Y after TIE-X
    snapshot.save(update_fields=["data"])
    competition = services.competition_register(actor=committee_member, tournament=tournament, level="national")
    ranks = dict(competition.results.values_list("federation_id", "rank"))
    assert (ranks["TIE-X"], ranks["TIE-Y"]) == (16, 17)
