import pytest

from pin_ranking.models import Committee, CommitteeSeat
from tournaments.testing.fixtures import make_user


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
