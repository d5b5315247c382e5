"""Steps of an appeal the appeals tests share: filed against a sheet's penalty, signed, its fee received."""

from appeals import services
from penalties.models import Penalty


def file(actor, sheet, appellant, **overrides):
    values = {"subject": "penalty", "category": "rules", "statement": "The call was in time.",
              "penalty": Penalty.objects.get(sheet=sheet)}
    values.update(overrides)
    return services.appeal_file(actor=actor, sheet=sheet, appellant=appellant, **values)


def signed(appeal, team_leader):
    """Signed by the team leader too (3.12.3), and its fee received by the organizer (3.12.2)."""
    appeal = services.appeal_sign(actor=team_leader, appeal=appeal)
    return received(appeal)


def received(appeal):
    """The tournament's organizer records the fee as received (3.12.2)."""
    from tournaments.models import Membership

    organizer = Membership.objects.get(tournament=appeal.tournament, role="organizer").user
    return services.appeal_fee_receive(actor=organizer, appeal=appeal)
