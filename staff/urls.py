from django.urls import path

from staff import views

app_name = "staff"

# Under /t/: roles granted, invitations, accounts, a session's referees in one step. The login and the
# first password change are the site's (config/urls.py).
urlpatterns = [
    path("<int:tournament_id>/staff/", views.staff_page, name="page"),
    path("<int:tournament_id>/staff/leader-accounts/", views.staff_leader_accounts, name="leader_accounts"),
    path("staff/roles/<int:membership_id>/revoke/", views.staff_revoke, name="revoke"),
    path("<int:tournament_id>/staff/one-time-passwords/<int:user_id>/<str:action>/",
         views.staff_one_time_password, name="one_time_password"),
    path("staff/invitations/<int:invitation_id>/cancel/", views.staff_invitation_cancel, name="invitation_cancel"),
    path("<int:tournament_id>/invitations/<str:token>/", views.invitation_open, name="invitation"),
    path("sessions/<int:session_id>/referees/", views.session_referees, name="session_referees"),
]
