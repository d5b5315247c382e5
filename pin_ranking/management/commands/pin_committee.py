"""`python manage.py pin_committee`: the Pin committees and their seats from the command line, as the
register administrator's page does them (pin_ranking.committee.services), audited with no actor (the
operator). A fresh install gets its first committee this way, or from the page after createsuperuser."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from pin_ranking.committee import services
from pin_ranking.committee.selectors import committees_all, register_admins
from pin_ranking.models import Committee


class Command(BaseCommand):
    help = ("Create, rename and list Pin committees, seat and unseat their members, name the register's "
            "administrators. "
            "Examples: pin_committee create --kind world --name 'WMO Pin Committee'; "
            "pin_committee create --kind member --country CN --name 'CMA Pin Committee' [--issuer CMA]; "
            "pin_committee issuer --committee 'CMA Pin Committee' CMA; "
            "pin_committee seat --committee 'WMO Pin Committee' alice; pin_committee unseat --committee 1 alice; "
            "pin_committee admin bob [--revoke]; pin_committee list.")

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        create = actions.add_parser("create", help="create a committee")
        create.add_argument("--kind", required=True, choices=["world", "member", "website"])
        create.add_argument("--name", required=True)
        create.add_argument("--country", default="", help="a member organization's country or region (such as CN)")
        create.add_argument("--issuer", default="", help="the issuer of the federation IDs it keeps (such as EMA): "
                            "it may confirm the claims of their holders")
        issuer = actions.add_parser("issuer", help="name (or with '' clear) the issuer of federation IDs a committee "
                                    "confirms claims for")
        issuer.add_argument("--committee", required=True, help="the committee's id or exact name")
        issuer.add_argument("issuer")
        retire = actions.add_parser("retire", help="retire a committee (its history is kept)")
        retire.add_argument("--committee", required=True, help="the committee's id or exact name")
        retire.add_argument("--reason", required=True)
        rename = actions.add_parser("rename", help="rename a committee")
        rename.add_argument("--committee", required=True, help="the committee's id or exact name")
        rename.add_argument("--name", required=True)
        for name in ("seat", "unseat"):
            one = actions.add_parser(name, help=f"{name} an account on a committee")
            one.add_argument("--committee", required=True, help="the committee's id or exact name")
            one.add_argument("username")
        admin = actions.add_parser("admin", help="name (or with --revoke remove) an administrator of the register")
        admin.add_argument("username")
        admin.add_argument("--revoke", action="store_true")
        actions.add_parser("list", help="the committees, their seats and the register's administrators")

    def handle(self, *args, action, **options):
        try:
            getattr(self, f"_{action}")(**options)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error

    def _committee(self, key: str) -> Committee:
        found = Committee.objects.filter(pk=int(key)).first() if key.isdigit() else None
        found = found or Committee.objects.filter(name=key).first()
        if found is None:
            raise CommandError(f"No committee is called or numbered “{key}” (see pin_committee list).")
        return found

    def _retire(self, *, committee, reason, **_options):
        retired = services.committee_retire(actor=None, committee=self._committee(committee), reason=reason)
        self.stdout.write(f"Retired “{retired.name}”; its history is kept.")

    def _create(self, *, kind, name, country, issuer, **_options):
        made = services.committee_create(actor=None, name=name, kind=kind, country=country, id_issuer=issuer)
        where = f", {made.country}" if made.country else ""
        self.stdout.write(f"Created committee {made.pk}: {made.name} ({made.kind}{where}).")

    def _issuer(self, *, committee, issuer, **_options):
        changed = services.committee_issuer_set(actor=None, committee=self._committee(committee), id_issuer=issuer)
        said = f"confirms the claims of {changed.id_issuer} IDs" if changed.id_issuer else "names no issuer"
        self.stdout.write(f"Committee {changed.pk}, {changed.name}, {said}.")

    def _rename(self, *, committee, name, **_options):
        renamed = services.committee_rename(actor=None, committee=self._committee(committee), name=name)
        self.stdout.write(f"Committee {renamed.pk} is now called {renamed.name}.")

    def _seat(self, *, committee, username, **_options):
        found = self._committee(committee)
        services.committee_seat_grant(actor=None, committee=found, username=username)
        self.stdout.write(f"{username} sits on {found.name}.")

    def _unseat(self, *, committee, username, **_options):
        found = self._committee(committee)
        services.committee_seat_revoke(actor=None, committee=found, username=username)
        self.stdout.write(f"{username} no longer sits on {found.name}.")

    def _admin(self, *, username, revoke, **_options):
        if revoke:
            services.register_admin_revoke(actor=None, username=username)
            self.stdout.write(f"{username} no longer administers the Pin register.")
        else:
            services.register_admin_grant(actor=None, username=username)
            self.stdout.write(f"{username} administers the Pin register.")

    def _list(self, **_options):
        found = committees_all()
        if not found:
            self.stdout.write("No committee yet: create the world body's first (pin_committee create --kind world).")
        for committee in found:
            seats = ", ".join(seat.user.get_username() for seat in committee.seats.all()) or "no member yet"
            country = f" {committee.country}" if committee.country else ""
            country += f" confirms {committee.id_issuer} IDs" if committee.id_issuer else ""
            country += " (retired)" if committee.retired_at else ""
            self.stdout.write(f"{committee.pk}\t{committee.kind}{country}\t{committee.name}\t{seats}")
        admins = ", ".join(user.get_username() for user in register_admins()) or "superusers only"
        self.stdout.write(f"Register administrators: {admins}")
