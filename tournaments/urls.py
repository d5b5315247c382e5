from django.urls import path

from tournaments.core import views as core_views
from tournaments.sessions import views as session_views
from tournaments.sheets import views as sheet_views
from tournaments.standings import views as standings_views

app_name = "tournaments"

urlpatterns = [
    # core: tournaments, registrations, the audit trail
    path("new/", core_views.tournament_create, name="create"),
    path("<int:tournament_id>/", core_views.tournament_detail, name="detail"),
    path("<int:tournament_id>/edit/", core_views.tournament_edit, name="edit"),
    path("<int:tournament_id>/publish/", core_views.tournament_publish, name="publish"),
    path("<int:tournament_id>/hide/", core_views.tournament_hide, name="hide"),
    path("<int:tournament_id>/registrations/", core_views.registration_list, name="registrations"),
    path("<int:tournament_id>/audit/", core_views.audit_log, name="audit"),
    path("<int:tournament_id>/groups/", core_views.group_list, name="groups"),
    path("groups/<int:group_id>/<str:action>/", core_views.group_change, name="group_change"),
    path("registrations/<int:registration_id>/edit/", core_views.registration_edit, name="registration_edit"),
    # sessions: the organizer's board
    path("<int:tournament_id>/board/", session_views.board, name="board"),
    path("sessions/<int:session_id>/start/", session_views.session_start, name="session_start"),
    path("sessions/<int:session_id>/pre-flight/", session_views.session_preflight, name="session_preflight"),
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
    path("sessions/<int:session_id>/tables/<int:table_number>/check-in-all/", session_views.check_in_table_all,
         name="check_in_table_all"),
    path("<int:tournament_id>/tables/<int:table_number>/check-in/<str:token>/", session_views.player_check_in,
         name="player_check_in"),
    # sheets: the referee's tablet
    path("<int:tournament_id>/my-tables/", sheet_views.my_tables, name="my_tables"),
    path("sheets/sw.js", sheet_views.sheet_service_worker, name="sheet_service_worker"),
    path("sheets/<int:sheet_id>/", sheet_views.sheet_page, name="sheet"),
    path("sheets/<int:sheet_id>/correct/", sheet_views.sheet_correct, name="sheet_correct"),
    path("sheets/<int:sheet_id>/referee/", sheet_views.sheet_referee, name="sheet_referee"),
    path("sheets/<int:sheet_id>/remarks/", sheet_views.sheet_remarks, name="sheet_remarks"),
    path("sheets/<int:sheet_id>/objections/", sheet_views.sheet_objection, name="sheet_objection"),
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

# players' own records (tournaments.players): self-link, their sheets, fouls and appeals; a PIN re-issued
from tournaments.players import views as player_views  # noqa: E402

urlpatterns += [
    path("<int:tournament_id>/link/", player_views.player_link, name="player_link"),
    path("link/<int:registration_id>/<str:token>/", player_views.player_link_by_token, name="player_link_token"),
    path("<int:tournament_id>/my-records/", player_views.my_records, name="my_records"),
    path("<int:tournament_id>/players/<int:entry>/records/", player_views.player_records, name="player_records"),
    path("sheets/<int:sheet_id>/read/", player_views.player_sheet, name="player_sheet"),
    path("registrations/<int:registration_id>/pin/", player_views.pin_reissue, name="pin_reissue"),
]
