"""Reads of the committee's work: its queue, the Pins awarded (the public register, 7.4 公布) and
the badge beside a holder's name."""

from django.core.cache import cache
from django.db.models import Case, Count, Max, Min, When
from django.urls import reverse
from django.utils.translation import gettext as _

from pin_ranking.models import Application, Committee, PinAward
from tournaments.core.selectors import page_of
from tournaments.errors import NotFound
from tournaments.extensions import PlayerBadge


def held_pin(*, player, track: str) -> int | None:
    """The best Pin the register holds for the player (1 is highest); later results never lower it."""
    return PinAward.objects.filter(player=player, track=track).aggregate(best=Min("pin"))["best"]


def committee_queue(*, user) -> list[Application]:
    """The open applications addressed to the committees the user sits on (7.3): a seat elsewhere reads none."""
    qs = (Application.objects.filter(status__in=("pending", "more_info"), committee__seats__user=user,
                                     committee__retired_at__isnull=True)
          .select_related("committee", "snapshot", "player").prefetch_related("messages"))
    return list(qs.order_by("signed_at", "pk"))


def committees_all() -> list[Committee]:
    """The committees with their members (the register administrator's page)."""
    order = Case(When(kind="world", then=0), When(kind="member", then=1), default=2)
    return list(Committee.objects.prefetch_related("seats__user").order_by(order, "country", "name"))


def register_admins() -> list:
    from django.contrib.auth import get_user_model

    from pin_ranking.access import REGISTER_ADMIN_GROUP

    return list(get_user_model().objects.filter(groups__name=REGISTER_ADMIN_GROUP).order_by("username"))


def pin_register_public() -> list[PinAward]:
    """7.4 公布: holders, Pin, date, country -- nothing personal."""
    return list(PinAward.objects.select_related("committee").order_by("track", "pin", "awarded_on", "number"))


def pin_register_file(fmt: str) -> bytes:
    """The public register as a file (pin_ranking.ledger.exports), built once per state of the register and
    kept in the cache: anyone may download it, so 400 anonymous requests cost one build and 400 reads of a
    count. Awards are only ever added (never changed nor deleted: a Pin is never lowered), so how many there
    are and the last one's id say which state it shows."""
    from pin_ranking.ledger.exports import register_file

    state = PinAward.objects.aggregate(count=Count("pk"), last=Max("pk"))
    key = f"pin:register-file:{fmt}:{state['count']}:{state['last']}"
    content = cache.get(key)
    if content is None:
        content = register_file(pin_register_public(), fmt)
        cache.set(key, content, timeout=24 * 3600)
    return content


REGISTER_PAGE_SIZE = 100


def pin_register_page(*, track: str = "", pin: int | None = None, country: str = "", page: int = 1) -> dict:
    """One page of the public register (7.4 公布), filtered; public fields only. 404 past the last page."""
    awards = PinAward.objects.select_related("committee").order_by("track", "pin", "awarded_on", "number")
    if track:
        awards = awards.filter(track=track)
    if pin is not None:
        awards = awards.filter(pin=pin)
    if country:
        awards = awards.filter(country__iexact=country)
    return page_of(awards, page=page, size=REGISTER_PAGE_SIZE)


def pin_award_public(*, number: str) -> PinAward:
    """One entry of the public register by its certificate number (anyone may verify a Pin); else 404."""
    award = PinAward.objects.select_related("committee").filter(number=number).first()
    if award is None:
        raise NotFound(_("No such page."))
    return award


def pin_badges(player_ids: set[int]) -> dict[int, list[PlayerBadge]]:
    """The Pin beside a holder's name on the standings and player pages (the core asks through
    tournaments.extensions.player_badges): the highest Pin approved on each track, the Pin before the
    Web Pin (3.5: the tracks never mix). Only approved Pins, never eligibility; and a Pin is never
    lowered: an award stands whatever later results say (7.4 建立档案: the register keeps it; nothing in
    Appendix 9 takes a Pin away). One query."""
    best: dict[tuple[int, str], int] = {}
    for player_id, track, pin in PinAward.objects.filter(player_id__in=player_ids).order_by().values_list(
            "player_id", "track", "pin"):
        best[(player_id, track)] = min(pin, best.get((player_id, track), pin))
    url = reverse("pin_ranking:register")
    badges: dict[int, list[PlayerBadge]] = {}
    for (player_id, track), pin in sorted(best.items(), key=lambda item: (item[0][0], item[0][1] != "pin")):
        text = (_("Pin %(pin)s") if track == "pin" else _("Web Pin %(pin)s")) % {"pin": pin}
        badges.setdefault(player_id, []).append(PlayerBadge(text=text, title=_("Pin register"), url=url))
    return badges
