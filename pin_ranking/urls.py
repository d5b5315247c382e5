from django.urls import path

from pin_ranking import application_views, views

app_name = "pin_ranking"

urlpatterns = [
    path("pin/", views.home, name="home"),
    path("pin/me/", views.my_pin, name="my_pin"),
    path("pin/players/<int:player_id>/", views.player_ledger, name="player_ledger"),
    path("pin/committee/", views.committee, name="committee"),
    path("pin/committee/edition/", views.edition, name="edition"),
    path("pin/committee/competitions/<int:competition_id>/", views.competition, name="competition"),
    path("pin/committee/imports/", views.imports, name="imports"),
    path("pin/committee/players/", views.players, name="players"),
    path("pin/committee/ledger/", views.ledger, name="ledger"),
    path("pin/certificates/<int:certificate_id>/pdf/", views.certificate_download, name="certificate_pdf"),
    path("pin/apply/<str:track>/", application_views.application_new, name="application_new"),
    path("pin/applications/<int:application_id>/", application_views.application_detail, name="application"),
    path("pin/applications/<int:application_id>/answer/", application_views.application_answer_page,
         name="application_answer"),
    path("pin/committee/applications/", application_views.committee_applications, name="committee_applications"),
    path("pin/register/", application_views.pin_register, name="register"),
    path("pin/register/<str:number>/", application_views.pin_award, name="award"),
    path("pin/register/<str:number>/certificate.pdf", application_views.pin_certificate_download,
         name="pin_certificate_pdf"),
    path("pin/verify/", views.verify, name="verify"),
    path("t/<int:tournament_id>/pin-certificates/", views.tournament_certificates, name="tournament_certificates"),
]
