from django.urls import path

from pin_ranking.applications import views as applications
from pin_ranking.committee import views as committee
from pin_ranking.imports import views as imports
from pin_ranking.ledger import views as ledger
from pin_ranking.people import views as people
from pin_ranking.register import views as register

app_name = "pin_ranking"

urlpatterns = [
    path("pin/", ledger.home, name="home"),
    path("pin/me/", ledger.my_pin, name="my_pin"),
    path("pin/me/claim/", people.claim, name="claim"),
    path("pin/committee/claims/", people.claims, name="claims"),
    path("pin/players/<int:player_id>/", people.player_ledger, name="player_ledger"),
    path("pin/players/<int:player_id>/paper-pin/", people.paper_award, name="paper_award"),
    path("pin/players/<int:player_id>/merge/", people.merge, name="merge"),
    path("pin/players/<int:player_id>/merge/<int:merge_id>/undo/", people.merge_undo, name="merge_undo"),
    path("pin/committee/", register.committee, name="committee"),
    path("pin/committee/edition/", committee.edition, name="edition"),
    path("pin/committee/competitions/<int:competition_id>/", register.competition, name="competition"),
    path("pin/committee/imports/", imports.imports, name="imports"),
    path("pin/committee/imports/<int:import_id>/review/", imports.import_review, name="import_review"),
    path("pin/committee/players/", ledger.players, name="players"),
    path("pin/committee/ledger/", ledger.ledger, name="ledger"),
    path("pin/committee/ledger/export/", ledger.ledger_download, name="ledger_export"),
    path("pin/register/export.<str:fmt>", committee.pin_register_download, name="register_export"),
    path("pin/certificates/<int:certificate_id>/pdf/", register.certificate_download, name="certificate_pdf"),
    path("pin/apply/<str:track>/", applications.application_new, name="application_new"),
    path("pin/applications/<int:application_id>/", applications.application_detail, name="application"),
    path("pin/applications/<int:application_id>/answer/", applications.application_answer_page,
         name="application_answer"),
    path("pin/applications/<int:application_id>/confirm/", applications.application_confirm_page,
         name="application_confirm"),
    path("pin/applications/<int:application_id>/paper-form/", applications.paper_form_download,
         name="application_paper_form"),
    path("pin/committee/applications/", committee.committee_applications, name="committee_applications"),
    path("pin/committees/", committee.committees, name="committees"),
    path("pin/register/", committee.pin_register, name="register"),
    path("pin/register/<str:number>/", committee.pin_award, name="award"),
    path("pin/register/<str:number>/certificate.pdf", committee.pin_certificate_download,
         name="pin_certificate_pdf"),
    path("pin/verify/", register.verify, name="verify"),
    path("t/<int:tournament_id>/pin-certificates/", register.tournament_certificates, name="tournament_certificates"),
]
