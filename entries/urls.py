from django.urls import path

from entries import views

app_name = "entries"

urlpatterns = [
    path("t/<int:tournament_id>/enter/", views.enter, name="enter"),
    path("t/<int:tournament_id>/enter/team/", views.enter_team, name="enter_team"),
    path("t/<int:tournament_id>/entries/", views.manage, name="manage"),
    path("t/<int:tournament_id>/entries/window/", views.window_edit, name="window"),
    path("t/<int:tournament_id>/entries/export.csv", views.export_csv, name="export"),
    path("t/<int:tournament_id>/entries/export.xlsx", views.export_xlsx, name="export_xlsx"),
    path("t/<int:tournament_id>/entries/add/", views.add, name="add"),
    path("t/<int:tournament_id>/entries/mail/", views.mail_all, name="mail_all"),
    path("t/<int:tournament_id>/entries/payments/", views.payments_import, name="payments_import"),
    path("t/<int:tournament_id>/entries/outbox/", views.outbox, name="outbox"),
    path("entries/<int:entry_id>/action/", views.entry_action, name="action"),
    path("entry/<str:token>/confirm/", views.confirm, name="confirm"),
    path("entry/<str:token>/", views.mine, name="mine"),
    path("me/", views.me, name="me"),
]
