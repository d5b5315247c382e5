"""The Django admin lists and opens every model of the project's apps."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

PROJECT_APPS = {"tournaments", "scoring", "seating", "penalties", "appeals", "pin_ranking"}


@pytest.mark.django_db
def test_every_model_is_in_the_admin_and_its_pages_open(admin_client, registrations):
    models = [model for model in apps.get_models() if model._meta.app_label in PROJECT_APPS]
    assert models
    missing = [model.__name__ for model in models if not admin.site.is_registered(model)]
    assert missing == []
    for model in models:
        meta = model._meta
        changelist = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        assert changelist.status_code == 200, meta.label
        instance = model.objects.first()
        if instance is not None:
            change = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[instance.pk]))
            assert change.status_code == 200, meta.label
