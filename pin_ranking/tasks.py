"""Thin Celery tasks: ids in, a service call (pin_ranking.ledger.services, pin_ranking.register.services)."""

from celery import shared_task

from pin_ranking.ledger.services import ELIGIBILITY_RECOMPUTE
from pin_ranking.register.services import COMPETITION_REFREEZE
from tournaments import events


@shared_task(acks_late=True)
def eligibility_recompute_task(player_ids: list[int] | None = None, reason: str = "") -> int:
    from pin_ranking.ledger.services import eligibility_recompute

    return eligibility_recompute(player_ids=player_ids, reason=reason).changed


@shared_task(acks_late=True)
def competition_refreeze_task(tournament_id: int) -> int:
    from pin_ranking.register.services import competition_results_correct

    return competition_results_correct(actor=None, tournament_id=tournament_id)


events.register(ELIGIBILITY_RECOMPUTE, eligibility_recompute_task)
events.register(COMPETITION_REFREEZE, competition_refreeze_task)
