"""The privacy tests' person: Wang Fang, with an account, registered in a finished National Open (on the Pin
register), with a Pin application on file (the Pin tests' fixtures), an entry to a coming tournament and mail."""

import datetime as dt

import pytest
from django.utils import timezone

from entries.tests.conftest import opened  # noqa: F401
from pin_ranking.tests.conftest import applicant, committee_member, national, run_on_commit  # noqa: F401
from pin_ranking.tests.helpers import file
from tournaments.models import Registration


@pytest.fixture
def person(applicant, national, organizer, tournament, django_capture_on_commit_callbacks):  # noqa: F811
    """(user, player): an application filed, a contact on the registration, an entry and its mail."""
    from entries import services as entries_services
    from testing.scenarios import publish

    user = applicant.user
    user.email = "wang@example.cn"
    user.save()
    Registration.objects.filter(player=applicant).update(contact="+86 139 0000 0000")
    with django_capture_on_commit_callbacks(execute=True):
        file(user, applicant)
    publish(tournament)
    now = timezone.now()
    entries_services.entry_window_set(actor=organizer, tournament=tournament, opens_at=now - dt.timedelta(days=1),
                                      closes_at=now + dt.timedelta(days=9), capacity=8)
    with django_capture_on_commit_callbacks(execute=True):
        entry = entries_services.entry_submit(tournament=tournament, name="Wang Fang", country="CN",
                                              email=user.email, language="zh-hans", consent=True)
        entries_services.entry_account_link(entry=entry, user=user)
    return user, applicant
