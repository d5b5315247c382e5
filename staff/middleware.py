"""An account made with a one-time password goes to the password page until its user chooses one."""

from django.shortcuts import redirect
from django.urls import reverse

SESSION_KEY = "password_change_due"


class PasswordChangeDueMiddleware:
    """Reads only the session flag the login set (staff.views.LoginView): no query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.session.get(SESSION_KEY) and getattr(request, "user", None) and request.user.is_authenticated:
            allowed = (reverse("password_change_due"), reverse("logout"), "/i18n/", "/static/")
            if not request.path.startswith(allowed):
                return redirect("password_change_due")
        return self.get_response(request)
