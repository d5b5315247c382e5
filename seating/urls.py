from django.urls import path

from seating import views

app_name = "seating"

urlpatterns = [
    path("t/<int:tournament_id>/seating/", views.seating_manage, name="manage"),
    path("t/<int:tournament_id>/seating/generate/", views.chart_generate, name="generate"),
    path("t/<int:tournament_id>/seating/sessions/<int:session_number>/swap/", views.seats_swap, name="swap"),
    path(
        "t/<int:tournament_id>/seating/sessions/<int:session_number>/by-standings/",
        views.seat_by_standings,
        name="by_standings",
    ),
    path("t/<int:tournament_id>/seating/print/", views.print_page, {"kind": "chart"}, name="print_chart"),
    path("t/<int:tournament_id>/seating/print/<str:kind>/", views.print_page, name="print"),
    path("t/<int:tournament_id>/seating/<str:kind>.pdf", views.print_pdf, name="pdf"),
    path("t/<int:tournament_id>/players/<int:entry>/seats/", views.player_seats, name="player_seats"),
    path("t/<int:tournament_id>/my-seats/", views.my_seats, name="my_seats"),
]
