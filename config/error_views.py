"""Django's 404 and 500 answers: under /api/ in the API's one error shape (config/api_errors.py).

DRF answers the errors its views raise; these cover what happens before a view or outside DRF: a
path that matches no URL (/api/tournaments/abc/), and a server error (a database or Redis fault).
The tablet then gets JSON as from every other answer of the API; pages get Django's own pages.
"""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults


def _api(request) -> bool:
    return request.path.startswith("/api/")


def _error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"errors": [{"field": None, "code": code, "message": message}]}, status=status)


def page_not_found(request, exception):
    if _api(request):
        return _error("not_found", _("Not found."), 404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _api(request):
        return _error("server_error", _("The server failed to answer; try again in a moment."), 500)
    return defaults.server_error(request)
