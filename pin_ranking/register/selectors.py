"""Reads of the competition register: competitions, their frozen results, results certificates (7.2)
and the chief referee's. Outsiders get 404 (tournaments.errors.NotFound)."""

from pin_ranking.access import committee_member_required, is_committee_member, may_read_player, track_of_level
from pin_ranking.models import Competition, ResultCertificate
from tournaments.errors import NotFound


def competitions_for_committee(*, user, include_unregistered: bool = True):
    committee_member_required(user)
    rows = Competition.objects.select_related("tournament").order_by("-starts_on", "name")
    if not include_unregistered:
        rows = rows.filter(unregistered_at__isnull=True)
    return rows


def competition_get(*, user, competition_id: int) -> Competition:
    committee_member_required(user)
    found = Competition.objects.select_related("tournament").filter(pk=competition_id).first()
    if found is None:
        raise NotFound("No such competition.")
    return found


def competition_results(*, competition: Competition):
    return (competition.results.filter(superseded_at__isnull=True).select_related("certificate", "player")
            .order_by("rank", "name"))


def certificate_public(*, code: str) -> ResultCertificate | None:
    """A results certificate by its verification code, for the public page (name, competition,
    results, signer, whether superseded); None when there is none."""
    code = (code or "").strip().upper()
    if not code:
        return None
    return (ResultCertificate.objects.select_related("result__competition", "superseded_by", "signed_by")
            .filter(code=code).first())


def certificate_for_viewer(*, viewer, certificate_id: int) -> ResultCertificate:
    certificate = (ResultCertificate.objects.select_related("result__competition", "result__player")
                   .filter(pk=certificate_id).first())
    if certificate is None:
        raise NotFound("No such certificate.")
    player = certificate.result.player
    if not may_read_player(viewer, player, track_of_level(certificate.result.competition.level)):
        competition = certificate.result.competition
        from pin_ranking.access import is_chief_referee

        if competition.tournament_id is None or not is_chief_referee(viewer, competition.tournament_id):
            raise NotFound("No such certificate.")
    return certificate


def tournaments_to_register(*, user):
    """Finished tournaments not registered now (the committee's registration form)."""
    from tournaments.models import Tournament

    committee_member_required(user)
    registered = Competition.objects.filter(unregistered_at__isnull=True, tournament__isnull=False)
    return (Tournament.objects.filter(status=Tournament.Status.FINISHED)
            .exclude(pk__in=registered.values("tournament_id")).order_by("-starts_on", "name"))


def tournament_certificates(*, user, tournament_id: int):
    """The chief referee's page: the tournament's registration and its current certificates."""
    from pin_ranking.access import is_chief_referee
    from tournaments.models import Tournament

    public = Tournament.objects.filter(pk=tournament_id).exclude(status=Tournament.Status.DRAFT).exists()
    # A committee member sees a tournament's certificates once it is public; a draft is its staff's only.
    if not (is_chief_referee(user, tournament_id) or (public and is_committee_member(user))):
        raise NotFound("No such page.")
    competition = (Competition.objects.select_related("tournament")
                   .filter(tournament_id=tournament_id, unregistered_at__isnull=True).first())
    if competition is None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise NotFound("No such page.")
        return tournament, None, []
    return competition.tournament, competition, list(competition_results(competition=competition))


def chief_referee_of(*, user, tournament_id: int) -> bool:
    from pin_ranking.access import is_chief_referee

    return is_chief_referee(user, tournament_id)
