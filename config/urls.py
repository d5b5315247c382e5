from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from config.health import health, ready
from staff import views as staff_views
from tournaments.core import views as core_views
from tournaments.players import views as player_views

urlpatterns = [
    path("", core_views.home, name="home"),
    path("health/", health, name="health"),
    path("health/ready/", ready, name="health_ready"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", staff_views.LoginView.as_view(), name="login"),
    path("accounts/password/", staff_views.password_change_due, name="password_change_due"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", player_views.signup, name="signup"),
    path("t/", include("tournaments.urls")),
    path("t/", include("reports.urls")),
    path("t/", include("archive.urls")),
    path("t/", include("prints.urls")),
    path("t/", include("staff.urls")),
    path("t/", include("roster.urls")),
    path("", include("penalties.urls")),
    path("", include("appeals.urls")),
    path("", include("seating.urls")),
    path("", include("pin_ranking.urls")),
    path("", include("entries.urls")),
    path("", include("privacy.urls")),
    path("", include("api_tokens.urls")),
    path("calculator/", include("scoring.urls")),
    path("api/scoring/", include("scoring.api.urls")),
    path("api/", include("tournaments.api_urls")),
    path("api/", include("seating.api.urls")),
    path("api/", include("pin_ranking.api_urls")),
    path("api/", include("entries.api_urls")),
    path("api/", include("privacy.api_urls")),
    path("api/", include("api_tokens.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script (config/security_headers.py).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("admin/", admin.site.urls),
]

# Under /api/, a 404 before any view and a 500 answer in the API's error shape (config/error_views.py).
handler404 = "config.error_views.page_not_found"
handler500 = "config.error_views.server_error"
