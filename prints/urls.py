from django.urls import path

from prints import views

app_name = "prints"

urlpatterns = [
    path("<int:tournament_id>/documents/<int:job_id>/", views.print_job, name="job"),
    path("<int:tournament_id>/documents/<int:job_id>/file/", views.print_file, name="file"),
    path("<int:tournament_id>/documents/<int:job_id>/again/", views.print_job_retry, name="retry"),
]
