from django.urls import path

from tournaments.archive import views as archive_views
from tournaments.core import views as core_views
from tournaments.roster import views as roster_views
from tournaments.sessions import views as session_views
from tournaments.sheets import views as sheet_views
from tournaments.standings import views as standings_views

app_name = "tournaments"

urlpatterns = [
    # core: tournaments, registrations, the audit trail
    path("new/", core_views.tournament_create, name="create"),
    path("<int:tournament_id>/", core_views.tournament_detail, name="detail"),
    path("<int:tournament_id>/edit/", core_views.tournament_edit, name="edit"),
    path("<int:tournament_id>/registrations/", core_views.registration_list, name="registrations"),
    path("<int:tournament_id>/audit/", core_views.audit_log, name="audit"),
    path("<int:tournament_id>/groups/", core_views.group_list, name="groups"),
    path("groups/<int:group_id>/<str:action>/", core_views.group_change, name="group_change"),
    path("registrations/<int:registration_id>/edit/", core_views.registration_edit, name="registration_edit"),
    # archive (docs/archive.md)
    path("<int:tournament_id>/archive/", archive_views.archive_page, name="archive"),
    path("<int:tournament_id>/archive.json", archive_views.archive_download, name="archive_download"),
    path("import-archive/", archive_views.archive_import, name="archive_import"),
    # roster
    path("<int:tournament_id>/import/", roster_views.roster_import, name="import"),
    path("imports/<int:job_id>/", roster_views.import_job_detail, name="import_job"),
    # sessions: the organizer's board
    path("<int:tournament_id>/board/", session_views.board, name="board"),
    path("sessions/<int:session_id>/start/", session_views.session_start, name="session_start"),
    path("sessions/<int:session_id>/end/", session_views.session_end, name="session_end"),
    path(
        "sessions/<int:session_id>/qualification/", session_views.session_qualification, name="session_qualification"
    ),
    # check-in (3.5.7.1): the staff's lists, the player's page behind the table's QR code
    path("<int:tournament_id>/sessions/<int:session_number>/check-in/", session_views.check_in_list,
         name="check_in_list"),
    path("<int:tournament_id>/sessions/<int:session_number>/tables/<int:table_number>/check-in/",
         session_views.check_in_table, name="check_in_table"),
    path("sessions/<int:session_id>/check-in/", session_views.check_in_change, name="check_in_change"),
    path("sessions/<int:session_id>/schedule/", session_views.session_schedule, name="session_schedule"),
    path("<int:tournament_id>/tables/<int:table_number>/check-in/", session_views.player_check_in,
         name="player_check_in"),
    # sheets: the referee's tablet
    path("<int:tournament_id>/my-tables/", sheet_views.my_tables, name="my_tables"),
    path("sheets/<int:sheet_id>/", sheet_views.sheet_page, name="sheet"),
    path("sheets/<int:sheet_id>/correct/", sheet_views.sheet_correct, name="sheet_correct"),
    path("sheets/<int:sheet_id>/referee/", sheet_views.sheet_referee, name="sheet_referee"),
    path("sheets/<int:sheet_id>/remarks/", sheet_views.sheet_remarks, name="sheet_remarks"),
    # Appendix 5 printed: one table as recorded; a session's tables (or one), blank or as recorded
    path("sheets/<int:sheet_id>/sheet.pdf", sheet_views.sheet_pdf, name="sheet_pdf"),
    path(
        "<int:tournament_id>/sessions/<int:number>/score-sheets-<str:kind>.pdf",
        sheet_views.session_sheets_pdf, name="session_sheets_pdf",
    ),
    path(
        "<int:tournament_id>/sessions/<int:number>/tables/<int:table_number>/score-sheet-<str:kind>.pdf",
        sheet_views.session_sheets_pdf, name="table_sheet_pdf",
    ),
    # standings and the final results
    path("<int:tournament_id>/standings/", standings_views.standings, name="standings"),
    path("<int:tournament_id>/standings/live/", standings_views.standings_live, name="standings_live"),
    path("<int:tournament_id>/standings/recompute/", standings_views.standings_recompute, name="standings_recompute"),
    path("<int:tournament_id>/players/<int:entry>/", standings_views.player_detail, name="player"),
    path("<int:tournament_id>/results.csv", standings_views.results_download, {"fmt": "csv"}, name="results_csv"),
    path("<int:tournament_id>/results.xlsx", standings_views.results_download, {"fmt": "xlsx"}, name="results_xlsx"),
    path("<int:tournament_id>/results.pdf", standings_views.results_download, {"fmt": "pdf"}, name="results_pdf"),
]
