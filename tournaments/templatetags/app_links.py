"""`{% app_links "registration" registration as links %}`: the links the apps above the core add to a place
of a core page (tournaments.extensions.visible_links), for the page's user, in a template that shows a place
many times (a row per registration) or where its view does not know the apps."""

from django import template

from tournaments import extensions

register = template.Library()


@register.simple_tag(takes_context=True)
def app_links(context, place: str, obj) -> list[extensions.VisibleLink]:
    can = context.get("can")  # the page's capabilities (access.capabilities_for_page), asked once a page
    return extensions.visible_links(place, context["request"].user, obj, getattr(can, "granted", None))
