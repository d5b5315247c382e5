"""Thin Celery tasks: ids in, a service call (pin_ranking.eligibility, pin_ranking.services)."""

from celery import shared_task


@shared_task(acks_late=True)
def eligibility_recompute_task(player_ids: list[int] | None = None, reason: str = "") -> int:
    from pin_ranking.eligibility import eligibility_recompute

    return eligibility_recompute(player_ids=player_ids, reason=reason).changed


@shared_task(acks_late=True)
def competition_refreeze_task(tournament_id: int) -> int:
    from pin_ranking.services import competition_results_correct

    return competition_results_correct(actor=None, tournament_id=tournament_id)
