"""An entry's life through the services: confirmed, entered or waiting, offered, accepted, paid, withdrawn."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from entries import places, selectors, services
from entries.models import Entry, Mail
from entries.tests.conftest import confirmed, enter
from tournaments.models import AuditEvent


def test_places_and_quotas_follow_the_reading_of_docs_entries():
    quotas = {"CN": 2, "JP": 1}

    def free(country, holders, need=1, released=False, capacity=8):
        return places.places_free(country, need, capacity=capacity, holders=[(c, 1) for c in holders],
                                  quotas=quotas, released=released)

    # 8 places: CN keeps 2, JP keeps 1, 5 are open to anyone.
    assert free("CN", ["CN", "CN"] + ["NL"] * 5) is False
    assert free("JP", ["CN", "CN"] + ["NL"] * 5) is True
    assert free("NL", ["NL"] * 5) is False
    assert free("NL", ["NL"] * 5, released=True) is True
    # A country past its quota takes open places like anyone.
    assert free("CN", ["CN"] * 6) is True
    assert free("CN", ["CN"] * 7) is False
    # A team of four takes its quota's places first, then open ones, and all four or none.
    assert free("CN", [], need=4) is True
    assert free("CN", ["NL"] * 3, need=4) is True  # 2 of CN's, 2 of the 2 open left
    assert free("CN", ["NL"] * 4, need=4) is False  # 2 of CN's, and 1 open left: no room for the other 2
    assert places.quota_left(holders=[("CN", 3)], quotas=quotas) == {"CN": 0, "JP": 1}


def test_an_entry_takes_a_place_only_once_confirmed_and_joins_the_roster(opened, tournament,
                                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        entry = enter(tournament, name="Li Ming", name_local="李明", country="CN", federation_id="1001", issuer="cma",
                      language="zh-hans")
    assert entry.state == Entry.State.UNCONFIRMED and entry.queue_number is None
    assert entry.federation_id == "CMA:1001" and entry.privacy_notice == services.PRIVACY_NOTICE_VERSION
    assert not tournament.registrations.exists()
    mail = Mail.objects.get(entry=entry)
    assert mail.kind == "confirm" and mail.to == entry.email and "/entry/" in mail.body
    entry = services.entry_confirm(entry=entry)
    assert entry.state == Entry.State.ENTERED and entry.queue_number == 1
    registration = entry.registration
    assert (registration.player.name, registration.player.name_local, registration.contact) == (
        "Li Ming", "李明", entry.email)
    assert registration.player.federation_id == "CMA:1001"
    # Following the link again changes nothing.
    assert services.entry_confirm(entry=entry).queue_number == 1
    events = AuditEvent.objects.filter(object_type="entries.entry").order_by("pk")
    assert [(e.action, e.detail.get("to")) for e in events] == [("entry.submitted", None),
                                                                ("entry.confirmed", "entered")]


def test_the_places_fill_then_the_waiting_list_moves_itself(opened, tournament, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    inside = [confirmed(tournament, capture) for _ in range(8)]
    assert {e.state for e in inside} == {Entry.State.ENTERED}
    first, second = confirmed(tournament, capture, country="JP"), confirmed(tournament, capture)
    assert (first.state, second.state) == (Entry.State.WAITING, Entry.State.WAITING)
    assert selectors.waiting_position(second) == {"overall": 2, "country": 1}
    assert Mail.objects.filter(entry=second, kind="waiting").exists()
    # A player leaves: the next on the list is offered the place by mail (the task, on commit).
    with capture(execute=True):
        services.entry_withdraw(entry=inside[3], reason="ill")
    first.refresh_from_db()
    assert first.state == Entry.State.OFFERED and first.offered_until > timezone.now() + dt.timedelta(days=2)
    assert Mail.objects.filter(entry=first, kind="offered").exists()
    assert tournament.registrations.count() == 7
    # The offer runs out: it expires and the next is offered.
    Entry.objects.filter(pk=first.pk).update(offered_until=timezone.now() - dt.timedelta(minutes=1))
    with capture(execute=True):
        services.entries_expire()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.state, second.state) == (Entry.State.EXPIRED, Entry.State.OFFERED)
    with pytest.raises(ValidationError, match="No place is offered"):
        services.entry_offer_accept(entry=first)
    services.entry_offer_accept(entry=second)
    second.refresh_from_db()
    assert second.state == Entry.State.ENTERED and tournament.registrations.count() == 8


def test_country_quotas_keep_places_until_their_release_day(opened, tournament, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    release = timezone.localdate() + dt.timedelta(days=10)
    opened(capacity=4, quotas={"CN": 2}, quota_release_on=release)
    nl = [confirmed(tournament, capture, country="NL") for _ in range(3)]
    assert [e.state for e in nl] == [Entry.State.ENTERED, Entry.State.ENTERED, Entry.State.WAITING]
    cn = [confirmed(tournament, capture, country="CN") for _ in range(3)]
    assert [e.state for e in cn] == [Entry.State.ENTERED, Entry.State.ENTERED, Entry.State.WAITING]
    assert selectors.waiting_position(cn[2]) == {"overall": 2, "country": 1}
    # A CN player leaves before the release day: the place is CN's, so it goes to the CN waiting, not the NL first.
    with capture(execute=True):
        services.entry_withdraw(entry=cn[0])
    nl[2].refresh_from_db()
    cn[2].refresh_from_db()
    assert (nl[2].state, cn[2].state) == (Entry.State.WAITING, Entry.State.OFFERED)
    # On the release day the sweep hands CN's unused place on, in order of entry: to the NL player first.
    with capture(execute=True):
        services.entry_withdraw(entry=cn[1])
    nl[2].refresh_from_db()
    assert nl[2].state == Entry.State.WAITING
    from entries.models import EntryWindow

    EntryWindow.objects.filter(tournament=tournament).update(quota_release_on=timezone.localdate())
    with capture(execute=True):
        services.entries_expire()
    nl[2].refresh_from_db()
    assert nl[2].state == Entry.State.OFFERED


def test_payment_first_refunds_and_cancellation(opened, organizer, tournament, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    opened(fee=Decimal("40.00"), currency="eur", payment_required=True,
           refund_until=timezone.localdate() + dt.timedelta(days=5))
    entry = confirmed(tournament, capture)
    assert entry.state == Entry.State.ENTERED and entry.registration is None  # on the roster once paid
    with pytest.raises(ValidationError) as missing:
        services.entry_payment_record(actor=organizer, entry=entry, payment="transfer")
    assert "reference" in missing.value.error_dict
    entry = services.entry_payment_record(actor=organizer, entry=entry, payment="transfer", reference="MCR-17")
    assert entry.state == Entry.State.PAID and entry.registration.contact == entry.email
    with capture(execute=True):
        entry = services.entry_withdraw(entry=entry, reason="cannot travel")
    assert entry.refund == Entry.Refund.DUE and entry.registration is None
    assert not tournament.registrations.exists()  # no session started: the registration goes
    entry = services.entry_refund_record(actor=organizer, entry=entry)
    assert entry.refund == Entry.Refund.REFUNDED
    other = confirmed(tournament, capture)
    with pytest.raises(ValidationError) as no_reason:
        services.entry_cancel(actor=organizer, entry=other, reason=" ")
    assert "reason" in no_reason.value.error_dict
    with capture(execute=True):
        services.entry_cancel(actor=organizer, entry=other, reason="Not a member of a federation")
    assert Mail.objects.filter(entry=other, kind="cancelled", body__contains="Not a member").exists()


def test_bad_input_is_refused_with_what_to_fix_and_nothing_saved(opened, tournament):
    cases = [
        ({"name": "Eve\r\nBcc: all@example.org"}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"country": "ZZ"}, "country"),
        ({"consent": False}, "consent"),
    ]
    for change, field in cases:
        values = {"tournament": tournament, "name": "Eve", "country": "NL", "email": "eve@example.org",
                  "language": "en", "consent": True, **change}
        with pytest.raises(ValidationError) as refused:
            services.entry_submit(**values)
        assert field in refused.value.error_dict, change
    assert not Entry.objects.exists()
    names = ["Ана Иванова", "山田 太郎", "x" * 200]
    for name in names:
        enter(tournament, name=name)
    assert Entry.objects.count() == 3


def test_the_same_person_cannot_enter_twice(opened, organizer, tournament, django_capture_on_commit_callbacks):
    enter(tournament, name="Ann Lee", federation_id="04160001", issuer="EMA")
    with pytest.raises(ValidationError) as again:
        enter(tournament, name="Ann Lee", federation_id="EMA:04160001")
    assert "federation_id" in again.value.error_dict
    services.entry_submit(tournament=tournament, name="Bo Chan", country="HK", email="bo@example.org", language="en",
                          consent=True)
    with pytest.raises(ValidationError) as twice:
        services.entry_submit(tournament=tournament, name="BO CHAN", country="HK", email="Bo@Example.org",
                              language="en", consent=True)
    assert "email" in twice.value.error_dict
    # A federation ID on record under another name: refused without naming the holder (the page is public).
    from roster import services as roster_services

    roster_services.registration_add(actor=organizer, tournament=tournament, name="Carl Holder", federation_id="WMO:9")
    with pytest.raises(ValidationError) as other_name:
        enter(tournament, name="Mallory", federation_id="9", issuer="WMO")
    assert "Carl" not in str(other_name.value)


def test_entries_closed_or_not_open_are_refused(opened, tournament):
    opened(opens_at=timezone.now() + dt.timedelta(days=1), closes_at=timezone.now() + dt.timedelta(days=2))
    with pytest.raises(ValidationError, match="not open"):
        enter(tournament)


def test_the_window_is_checked(opened, organizer, tournament, django_capture_on_commit_callbacks):
    now = timezone.now()
    for change, field in (({"capacity": 10}, "capacity"), ({"quotas": {"CN": 9}}, "quotas"),
                          ({"quotas": {"XX": 1}}, "quotas"), ({"fee": Decimal("5")}, "currency"),
                          ({"fee": Decimal("5"), "currency": "XXX"}, "currency"),
                          ({"closes_at": now - dt.timedelta(days=3)}, "__all__")):
        with pytest.raises(ValidationError) as refused:
            opened(**change)
        assert field in refused.value.error_dict, change
    for _ in range(5):
        confirmed(tournament, django_capture_on_commit_callbacks)
    with pytest.raises(ValidationError, match="5 entries hold a place"):
        opened(capacity=4)


def test_unconfirmed_entries_expire_after_48_hours(opened, tournament):
    entry = enter(tournament)
    Entry.objects.filter(pk=entry.pk).update(created_at=timezone.now() - dt.timedelta(hours=49))
    with pytest.raises(ValidationError, match="expired"):
        services.entry_confirm(entry=entry)
    assert services.entries_expire()["unconfirmed"] == 1
    assert services.entries_expire()["unconfirmed"] == 0
    entry.refresh_from_db()
    assert entry.state == Entry.State.EXPIRED
    enter(tournament, name=entry.name)  # the same person may enter again
