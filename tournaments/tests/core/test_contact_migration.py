"""0017_registration_contact: the contact a shared Player had is copied to every registration that
used it (nothing any tournament knew is lost), then leaves the Player; going back restores it."""

import pytest

from testing.migrations import SCRATCH, migrate_to, scratch_database

BEFORE = [("tournaments", "0016_standings_outbox_rate_limits")]
AFTER = [("tournaments", "0017_registration_contact")]


@pytest.mark.postgres  # a database of its own, beside the suite's
@pytest.mark.django_db(transaction=True)
def test_contact_moves_to_every_registration_of_the_player_and_back():
    import datetime as dt

    with scratch_database():
        apps = migrate_to(BEFORE, SCRATCH)
        Tournament = apps.get_model("tournaments", "Tournament")
        Player = apps.get_model("tournaments", "Player")
        Registration = apps.get_model("tournaments", "Registration")
        day = dt.date(2026, 5, 1)
        first = Tournament.objects.create(name="A", starts_on=day, ends_on=day)
        second = Tournament.objects.create(name="B", starts_on=day, ends_on=day)
        shared = Player.objects.create(name="Zhang Min", federation_id="CN-1", contact="+86 138 zhang@example.org")
        alone = Player.objects.create(name="Li Wei", contact="")
        Registration.objects.create(tournament=first, player=shared, entry_number=1)
        Registration.objects.create(tournament=second, player=shared, entry_number=7)
        Registration.objects.create(tournament=first, player=alone, entry_number=2)
        apps = migrate_to(AFTER, SCRATCH)
        Registration = apps.get_model("tournaments", "Registration")
        Player = apps.get_model("tournaments", "Player")
        contacts = sorted(Registration.objects.values_list("tournament__name", "entry_number", "contact"))
        assert contacts == [("A", 1, "+86 138 zhang@example.org"), ("A", 2, ""), ("B", 7, "+86 138 zhang@example.org")]
        assert "contact" not in {field.name for field in Player._meta.get_fields()}
        Registration.objects.filter(tournament__name="B").update(contact="b@example.org")
        apps = migrate_to(BEFORE, SCRATCH)
        Player = apps.get_model("tournaments", "Player")
        assert dict(Player.objects.values_list("name", "contact")) == {"Zhang Min": "b@example.org", "Li Wei": ""}
