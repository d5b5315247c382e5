"""What the reports app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by ReportsConfig.ready(); the core lists these links on its pages and never imports this app.
The pages themselves say who may open them (public where the standings are).
"""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _


def register() -> None:
    from tournaments.extensions import Link, seams

    seams.links.register(Link("standings", _("Statistics"), "reports:statistics"))
    seams.links.register(Link("standings", _("Hall display"), "reports:hall"))
    seams.links.register(Link("player", _("Statistics: wins, deal-ins, fans, biggest hands"),
                              "reports:statistics_player"))
    # "For ranking bodies and researchers:" below the final results.
    seams.links.register(Link("results", format_lazy("{} (CSV)", _("ranking report")), "reports:ranking_report_csv"))
    seams.links.register(Link("results", format_lazy("{} (XLSX)", _("ranking report")), "reports:ranking_report_xlsx"))
    seams.links.register(Link("results", format_lazy("{} (CSV)", _("every hand")), "reports:hands_csv"))
