"""Reads of the results imports."""

from django.utils.translation import gettext as _

from pin_ranking.access import committee_member_required
from pin_ranking.models import ResultsImport
from tournaments.errors import NotFound


def imports_for_committee(*, user):
    committee_member_required(user)
    return ResultsImport.objects.select_related("competition").order_by("-created_at")[:50]


def import_in_review(*, user, import_id: int) -> ResultsImport:
    committee_member_required(user)
    record = ResultsImport.objects.filter(pk=import_id, status=ResultsImport.Status.REVIEW).first()
    if record is None:
        raise NotFound(_("No such page."))
    return record
