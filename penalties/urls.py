from django.urls import path

from penalties import views

app_name = "penalties"

urlpatterns = [
    path("sheets/<int:sheet_id>/fouls/", views.sheet_fouls, name="sheet_fouls"),
    path("sheets/<int:sheet_id>/fouls/record/", views.foul_record, name="record_foul"),
    path("sheets/<int:sheet_id>/fouls/false-win/", views.false_win_record, name="false_win"),
    path("t/<int:tournament_id>/sessions/<int:session_number>/fouls/", views.record_of_fouls, name="record"),
    path("penalties/<int:penalty_id>/cancel/", views.penalty_cancel, name="cancel"),
    path("penalties/<int:penalty_id>/arrangement/", views.disqualification_arrangement, name="arrangement"),
    path("t/<int:tournament_id>/penalty-settings/", views.penalty_settings, name="settings"),
    path("t/<int:tournament_id>/notices/", views.notices, name="notices"),
    path("t/<int:tournament_id>/rank-cancellations/", views.rank_cancellations, name="rank_cancellations"),
    path(
        "rank-cancellations/<int:cancellation_id>/withdraw/", views.rank_cancellation_withdraw,
        name="rank_cancellation_withdraw",
    ),
    path(
        "rank-cancellations/<int:cancellation_id>/substitute/", views.rank_cancellation_substitute,
        name="rank_cancellation_substitute",
    ),
]
