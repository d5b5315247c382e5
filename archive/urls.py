from django.urls import path

from archive import views

app_name = "archive"

urlpatterns = [
    path("<int:tournament_id>/archive/", views.archive_page, name="page"),
    path("<int:tournament_id>/archive.json", views.archive_download, name="download"),
    path("import-archive/", views.archive_import, name="import"),
]
