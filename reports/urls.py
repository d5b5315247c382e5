from django.urls import path

from reports.exports import views as export_views
from reports.hall import views as hall_views
from reports.statistics import views as statistics_views

app_name = "reports"

urlpatterns = [
    # statistics from the recorded hands, public where the standings are
    path("<int:tournament_id>/statistics/", statistics_views.statistics_page, name="statistics"),
    path("<int:tournament_id>/statistics/players/<int:entry>/", statistics_views.statistics_player,
         name="statistics_player"),
    path("<int:tournament_id>/statistics/hands/", statistics_views.statistics_hands, name="statistics_hands"),
    # exports for ranking bodies and researchers (docs/exports.md)
    path("<int:tournament_id>/ranking-report.csv", export_views.ranking_report, {"fmt": "csv"},
         name="ranking_report_csv"),
    path("<int:tournament_id>/ranking-report.xlsx", export_views.ranking_report, {"fmt": "xlsx"},
         name="ranking_report_xlsx"),
    path("<int:tournament_id>/hands.csv", export_views.hands_download, name="hands_csv"),
    # the hall display: a projector or TV at the venue
    path("<int:tournament_id>/hall/", hall_views.hall_page, name="hall"),
    path("<int:tournament_id>/hall/live/", hall_views.hall_live, name="hall_live"),
]
