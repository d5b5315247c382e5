"""Reads for the privacy pages: a person's own requests, and the administrator's queue."""

from django.http import Http404

from privacy.models import DataRequest, PersonalDataRead


def my_requests(*, user) -> list[DataRequest]:
    return list(DataRequest.objects.filter(user=user)[:20])


def export_for_download(*, user, request_id: int) -> DataRequest:
    """The export's file, for its owner while its link lasts; 404 for anyone else (by id, or after it expired)."""
    request = DataRequest.objects.filter(pk=request_id, user=user).first()
    if request is None or not request.downloadable:
        raise Http404
    return request


def erasure_queue(*, user) -> list[DataRequest]:
    if not user.is_superuser:
        raise Http404
    return list(DataRequest.objects.filter(kind=DataRequest.Kind.ERASURE, state=DataRequest.State.REQUESTED)
                .select_related("user"))


def erasure_request_for_admin(*, user, request_id: int) -> DataRequest:
    if not user.is_superuser:
        raise Http404
    request = DataRequest.objects.filter(pk=request_id, kind=DataRequest.Kind.ERASURE).first()
    if request is None:
        raise Http404
    return request


def reads_for_admin(*, user) -> list[PersonalDataRead]:
    """The read log, for the Pin register's administrators (and the site's)."""
    from pin_ranking.access import is_register_admin

    if not is_register_admin(user):
        raise Http404
    return list(PersonalDataRead.objects.select_related("reader", "player")[:500])


def my_request(*, user, request_id: int) -> DataRequest:
    """One of the person's own requests; anyone else's is 404."""
    request = DataRequest.objects.filter(pk=request_id, user=user).first()
    if request is None:
        raise Http404
    return request
