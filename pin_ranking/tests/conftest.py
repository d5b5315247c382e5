"""Fixtures of the Pin tests: the committees, a National Open and its applicant, a World Championship and
the people around it. Plain helpers (the application form, filing it) are in helpers.py."""

import pytest

from pin_ranking.models import Committee, CommitteeSeat
from pin_ranking.register import services as register_services
from pin_ranking.testing import certificates_signed, finished_tournament
from pin_ranking.tests.helpers import TP
from testing.fixtures import make_user
from tournaments.models import Membership, Player, Role


@pytest.fixture
def committee_member(db):
    user = make_user("pincommittee")
    committee = Committee.objects.create(name="World Pin Committee", kind="world")
    CommitteeSeat.objects.create(committee=committee, user=user)
    return user


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run what the services queue on commit (the eligibility recompute, eagerly through Celery)."""

    def run(work):
        with django_capture_on_commit_callbacks(execute=True):
            return work()

    return run


@pytest.fixture
def national(db):
    top = [{"fid": "CN001", "name": "Wang Fang", "tp": 41 * TP + 6, "cp": 1200, "team": "Beijing"},
           {"fid": "CN002", "name": "Li Lei", "tp": 30 * TP, "cp": -300, "team": "Beijing"}]
    return finished_tournament(name="National Open", rows=top, extra_players=97)


@pytest.fixture
def applicant(national, committee_member, run_on_commit):
    run_on_commit(lambda: register_services.competition_register(actor=committee_member, tournament=national,
                                                        level="national"))
    user = make_user("wangfang")
    player = Player.objects.get(federation_id="CN001")
    player.user = user
    player.save(update_fields=["user"])
    Committee.objects.create(name="Chinese Pin Committee", kind="member", country="CN")
    return player


@pytest.fixture
def member(applicant, national):
    """A seat on the CN committee; the National Open's certificates signed by its chief referee (7.2)."""
    user = make_user("cnmember")
    CommitteeSeat.objects.create(committee=Committee.objects.get(kind="member", country="CN"), user=user)
    certificates_signed(national)
    return user


@pytest.fixture
def world_championship(db, committee_member, django_capture_on_commit_callbacks):
    """A finished World Championship (Ana García and Bo Li among 82), registered as a world-level competition."""
    rows = [
        {"fid": "ES-1", "name": "Ana García", "tp": 130 * TP, "cp": 3100, "team": "Madrid"},
        {"fid": "CN-7", "name": "Bo Li", "tp": 41 * TP + 6, "cp": -300, "team": "Madrid"},
    ]
    tournament = finished_tournament(name="World Championship", rows=rows, extra_players=80)
    with django_capture_on_commit_callbacks(execute=True):
        register_services.competition_register(actor=committee_member, tournament=tournament, level="world")
    return tournament


@pytest.fixture
def people(world_championship, committee_member):
    users = {"committee": committee_member}
    for role in (Role.CHIEF_REFEREE, Role.REFEREE, Role.ORGANIZER, Role.ARBITRATOR):
        users[role.value] = make_user(f"w-{role.value}")
        Membership.objects.create(user=users[role.value], tournament=world_championship, role=role)
    users["ana"] = make_user("ana")
    Player.objects.filter(federation_id="ES-1").update(user=users["ana"])
    users["bo"] = make_user("bo")
    Player.objects.filter(federation_id="CN-7").update(user=users["bo"])
    users["outsider"] = make_user("stranger")
    from pin_ranking.access import register_admin_group

    # The register's administrator seats members; the role alone reads no ledger and no register.
    users["register_admin"] = make_user("pinadmin")
    users["register_admin"].groups.add(register_admin_group())
    return users
