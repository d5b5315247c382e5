from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("result/", views.calculator_result, name="calculator_result"),
    path("fans/", views.fan_list, name="fans"),
    path("fans/<int:number>/", views.fan_detail, name="fan"),
]
