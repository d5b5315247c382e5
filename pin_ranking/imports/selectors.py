"""Reads of the results imports."""

from django.utils.translation import gettext as _

from pin_ranking.access import committee_member_required, seats_of
from pin_ranking.models import ResultsImport
from tournaments.errors import NotFound


def _imports_in_scope(user):
    """The world body reads every import; a member organization its own members' (a file's rows name people)."""
    committee_member_required(user)
    rows = ResultsImport.objects.all()
    if user is not None and not seats_of(user).world:
        rows = rows.filter(created_by=user)
    return rows


def imports_for_committee(*, user):
    return _imports_in_scope(user).select_related("competition").order_by("-created_at")[:50]


def import_in_review(*, user, import_id: int) -> ResultsImport:
    record = _imports_in_scope(user).filter(pk=import_id, status=ResultsImport.Status.REVIEW).first()
    if record is None:
        raise NotFound(_("No such page."))
    return record
