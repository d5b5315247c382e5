from django.urls import path

from roster import views

app_name = "roster"

# Under /t/: roster files imported, single-player changes after the chart is drawn, the players' oaths.
urlpatterns = [
    path("<int:tournament_id>/import/", views.roster_import, name="import"),
    path("imports/<int:job_id>/", views.import_job_detail, name="job"),
    path("imports/<int:job_id>/again/", views.import_job_again, name="job_again"),
    path("<int:tournament_id>/registrations/add/", views.registration_add, name="registration_add"),
    path("<int:tournament_id>/registrations/oaths/", views.oaths, name="oaths"),
    path("registrations/<int:registration_id>/leave/", views.registration_leave, name="registration_leave"),
]
