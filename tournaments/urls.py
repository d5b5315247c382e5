from django.urls import path

from tournaments import sheet_views, views

app_name = "tournaments"

urlpatterns = [
    path("new/", views.tournament_create, name="create"),
    path("<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("<int:tournament_id>/edit/", views.tournament_edit, name="edit"),
    path("<int:tournament_id>/registrations/", views.registration_list, name="registrations"),
    path("<int:tournament_id>/import/", views.roster_import, name="import"),
    path("<int:tournament_id>/audit/", views.audit_log, name="audit"),
    path("registrations/<int:registration_id>/edit/", views.registration_edit, name="registration_edit"),
    path("registrations/<int:registration_id>/check-in/", views.registration_check_in, name="check_in"),
    path("imports/<int:job_id>/", views.import_job_detail, name="import_job"),
    path("sheets/<int:sheet_id>/", sheet_views.sheet_page, name="sheet"),
    path("<int:tournament_id>/my-tables/", sheet_views.my_tables, name="my_tables"),
]
