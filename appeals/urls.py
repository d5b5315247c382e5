from django.urls import path

from appeals import views

app_name = "appeals"

urlpatterns = [
    path("t/<int:tournament_id>/appeals/", views.appeal_list, name="list"),
    path("t/<int:tournament_id>/appeals/new/", views.appeal_new, name="new"),
    path("t/<int:tournament_id>/appeals/paper/", views.appeal_paper_new, name="paper_new"),
    path("t/<int:tournament_id>/rank-cancellations/<int:cancellation_id>/appeal/", views.appeal_rank_cancellation_new,
         name="rank_cancellation_new"),
    path("appeals/<int:appeal_id>/", views.appeal_detail, name="detail"),
    path("appeals/<int:appeal_id>/sign/", views.appeal_sign, name="sign"),
    path("appeals/<int:appeal_id>/paper-signature/", views.appeal_paper_signature, name="paper_signature"),
    path("appeals/<int:appeal_id>/fee-received/", views.appeal_fee_receive, name="fee_receive"),
    path("appeals/<int:appeal_id>/decide/", views.appeal_decide, name="decide"),
    path("appeals/<int:appeal_id>/escalate/", views.appeal_escalate, name="escalate"),
    path("t/<int:tournament_id>/appeal-settings/", views.appeal_settings, name="settings"),
]
