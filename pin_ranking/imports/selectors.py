"""Reads of the results imports."""

from pin_ranking.access import committee_member_required
from pin_ranking.models import ResultsImport


def imports_for_committee(*, user):
    committee_member_required(user)
    return ResultsImport.objects.select_related("competition").order_by("-created_at")[:50]
