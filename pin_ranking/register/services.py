"""Every write of the competition register: competitions registered and unregistered (4.4), results
frozen and corrected, results certificates signed and superseded (7.2), the register's edition. One
transaction each, an audit event in it, the eligibility recompute queued on commit (pin_ranking.ledger)."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.access import (
    committee_member_required,
    is_chief_referee,
    register_scope_problem,
)
from pin_ranking.engine import ClassDecision, Level, competition_class
from pin_ranking.ledger.selectors import kept_players, pin_register_get
from pin_ranking.ledger.services import eligibility_recompute_later
from pin_ranking.models import Competition, CompetitionResult, ResultCertificate
from pin_ranking.register.sameness import alike, registered_identical, results_digest, who
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.countries import iso_code
from tournaments.locks import lock_tournament
from tournaments.models import Player, Tournament
from tournaments.standings.selectors import standings_data, standings_snapshot_latest
from tournaments.standings.services import standings_recompute

# Later work (tournaments/events.py), done by pin_ranking/tasks.py's task.
COMPETITION_REFREEZE = "pin.competition_refreeze"
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: read aloud and typed by hand


def certificate_code() -> str:
    """A verification code such as 7KQ4-MZ2D-9XHP (60 random bits)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))
    return f"{raw[:4]}-{raw[4:8]}-{raw[8:]}"


def class_reason(decision: ClassDecision) -> str:
    """The sentence saying why a competition misses the classes it misses (Appendix 9, 5)."""
    parts = []
    for shortfall in decision.shortfalls:
        if shortfall.what == "level":
            parts.append(_("class %(klass)s is not open to this level") % {"klass": shortfall.klass})
        elif shortfall.what == "players":
            parts.append(_("class %(klass)s needs at least %(needed)d players (it had %(has)d)")
                         % {"klass": shortfall.klass, "needed": shortfall.needed, "has": shortfall.has})
        else:
            parts.append(_("class %(klass)s needs at least %(needed)d sessions (it had %(has)d)")
                         % {"klass": shortfall.klass, "needed": shortfall.needed, "has": shortfall.has})
    return "; ".join(parts)


# 5.2.2 "国家之间的双边、多边比赛": the words a committee types for the level this system calls international.
# 5.3.2's bilateral *friendly* competitions (国际间双边的友谊比赛) are the level `friendly` (class C at most).
LEVEL_ALIASES = {"bilateral": Level.INTERNATIONAL, "multinational": Level.INTERNATIONAL,
                 "multilateral": Level.INTERNATIONAL}


def host_country(text: str) -> str:
    """A host country given with a competition: an ISO 3166-1 alpha-2 code ("jp", "Japan" → "JP"), or blank."""
    if not (text or "").strip():
        return ""
    code = iso_code(text)
    if not code:
        raise ValidationError({"country": _("“%(country)s” is no country or region of ISO 3166-1: choose it from the "
                                            "list (such as JP).") % {"country": text.strip()}})
    return code


def level_of(level: str) -> Level:
    level = (level or "").strip().lower()
    if level in LEVEL_ALIASES:
        return LEVEL_ALIASES[level]
    try:
        return Level(level)
    except ValueError:
        choices = ", ".join([lv.value for lv in Level] + sorted(LEVEL_ALIASES))
        raise ValidationError({"level": _("Unknown level “%(level)s”: choose one of %(choices)s.")
                               % {"level": level, "choices": choices}}) from None


def _frozen_rows(tournament: Tournament, data: dict) -> list[dict]:
    """The players' results from the final standings, at the rank the competition published.

    3.10.1 "名次的认定原则：按竞赛规定，…标准分之和高者列前，标准分相同时比赛分之和高者列前": the rank is the one
    the competition's regulation gives (its tie-breaks after equal table and contest points, a cut ranked
    finalists first, 3.5.4), which its chief referee signs (7.2) and its ranking report prints. A results
    file keeps the ranks it gives, checked against the points (pin_ranking.imports), so a placing means
    the same on every route. Players sharing a published rank share it for the Pin too (two players
    published 1st are each 第1名; docs/pin-ranking.md). Players whose placing was cancelled (3.11.5
    取消录取名次) are struck from the results: not frozen.
    """
    groups = {row["group_id"]: row["rank"] for row in data.get("groups", [])}
    teams = {row["team_id"]: row["rank"] for row in data.get("teams", [])}
    return [
        {**row, "pin_rank": row["rank"], "group_rank": groups.get(row.get("group_id")),
         "team_rank": teams.get(row.get("team_id"))}
        for row in data.get("individuals", [])
    ]


def register_scope_check(actor, *, country: str, klass: str | None) -> None:
    """4.4: the world body registers (or, where it delegates, a member organization for its own country
    below class A); anyone else is refused, saying why."""
    committee_member_required(actor)
    problem = register_scope_problem(actor, country=country, klass=klass,
                                     delegate=pin_register_get().delegate_to_members)
    if problem:
        raise ValidationError(problem)


def _players_and_sessions(data: dict) -> tuple[int, int]:
    """参赛人数 and 比赛局数 (Appendix 9, 5): players who played at least one session (struck ones too),
    and the sessions played."""
    rows = list(data.get("individuals", [])) + list(data.get("struck", []))
    players = sum(1 for row in rows if row.get("sessions", [None]))
    return players, len(data.get("sessions", []))


def _final_standings(tournament: Tournament):
    snapshot = standings_snapshot_latest(tournament=tournament)
    if snapshot is None:
        snapshot = standings_recompute(tournament_id=tournament.pk)
    return snapshot, standings_data(snapshot=snapshot)


def _result_rows(competition: Competition, rows: list[dict], players: dict[int, Player], version: int):
    results = [
        CompetitionResult(
            competition=competition, player=players[row["registration"]], federation_id=row.get("federation_id", ""),
            name=row["name"], country=row.get("country", ""), rank=row["pin_rank"],
            table_points=row["table_points"], contest_points=row["contest_points"],
            group_name=row.get("group") or "", group_rank=row["group_rank"],
            team_name=row.get("team") or "", team_rank=row["team_rank"], standings_version=version,
        )
        for row in rows
    ]
    return results


@transaction.atomic
def competition_register(*, actor, tournament: Tournament, level: str, country: str = "",
                         duplicate_reason: str = "") -> Competition:
    """Register a finished tournament for the Pin (Appendix 9, 4.4) at `level`; its class follows (5).
    `country`: the host country or region (where a member organization registers by delegation).

    Freezes the final standings of that moment as certified results, one results certificate each
    (7.2) for the chief referee to sign, and queues the eligibility recompute of its players. Results
    registered already from a file are refused, and results near a registered competition's need
    `duplicate_reason` (4.1: each competition counts once; pin_ranking.register.sameness).
    """
    committee_member_required(actor)
    level = level_of(level)
    tournament = lock_tournament(tournament.pk)
    # The host country is the tournament's (set by its organizer, from a list); a typed one only where the
    # tournament names none, and then a code of the list (N2: a JP seat once registered a CN event as "JP").
    country = tournament.country or host_country(country)
    if Competition.objects.filter(tournament=tournament, unregistered_at__isnull=True).exists():
        raise ValidationError(_("“%(name)s” is already registered for the Pin: unregister it first to register it "
                                "again.") % {"name": tournament.name})
    if tournament.status != Tournament.Status.FINISHED:
        raise ValidationError(_("“%(name)s” is not finished: only a finished tournament's results can be "
                                "registered (Appendix 9, 4.4).") % {"name": tournament.name})
    snapshot, data = _final_standings(tournament)
    players_count, sessions_count = _players_and_sessions(data)
    decision = competition_class(level=level, players=players_count, sessions=sessions_count)
    if decision.klass is None:
        raise ValidationError(_("“%(name)s” meets no class of Appendix 9, 5 and would not count: %(reason)s.")
                              % {"name": tournament.name, "reason": class_reason(decision)})
    register_scope_check(actor, country=country, klass=decision.klass.value)
    rows = _frozen_rows(tournament, data)
    players = kept_players({
        r.pk: r.player for r in tournament.registrations.select_related("player").filter(
            pk__in=[row["registration"] for row in rows])
    })
    compared = [(who(players[row["registration"]]), row["pin_rank"], row["table_points"], row["contest_points"])
                for row in rows]
    digest = results_digest(compared)
    near = _not_counted_yet(tournament, compared, digest, duplicate_reason)
    competition = Competition.objects.create(
        country=country,
        tournament=tournament, source=Competition.Source.TOURNAMENT, name=tournament.name, place=tournament.venue,
        starts_on=tournament.starts_on, ends_on=tournament.ends_on, level=level.value,
        klass=decision.klass.value, players=players_count, sessions=sessions_count,
        standings_version=snapshot.version, registered_by=actor, digest=digest,
    )
    results = CompetitionResult.objects.bulk_create(_result_rows(competition, rows, players, snapshot.version))
    ResultCertificate.objects.bulk_create(
        ResultCertificate(result=result, code=certificate_code(), standings_version=snapshot.version)
        for result in results
    )
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.PIN_COMPETITION_REGISTERED, obj=competition,
        detail={"level": level.value, "class": decision.klass.value, "players": players_count,
                "sessions": sessions_count, "standings_version": snapshot.version, "results": len(results),
                "reason": class_reason(decision),
                **({"near": [n.competition_id for n in near], "duplicate_reason": duplicate_reason.strip()[:300]}
                   if near else {})},
    )
    eligibility_recompute_later(player_ids=[r.player_id for r in results], reason="registered")
    return competition


def _not_counted_yet(tournament: Tournament, compared: list, digest: str, duplicate_reason: str) -> list:
    """4.1: the tournament's results are not registered already (a results file of the same event); near
    results (most rows in common, or the same players on overlapping dates) need a reason. Returns them."""
    likeness = alike(compared, starts_on=tournament.starts_on, ends_on=tournament.ends_on)
    identical = registered_identical(digest, likeness)
    if identical is not None:
        raise ValidationError(_("These results are already registered as “%(name)s” (%(date)s): the same results "
                                "never count twice (Appendix 9, 4.1). Unregister the earlier one first if it was "
                                "wrong.") % {"name": identical.name, "date": identical.starts_on.isoformat()})
    if likeness and not (duplicate_reason or "").strip():
        raise ValidationError({"duplicate_reason": _(
            "These results are near those of %(names)s: say why this is another competition (Appendix 9, 4.1: each "
            "competition counts once).") % {"names": "; ".join(
                f"“{item.name}” ({item.starts_on}, {item.shared}/{item.rows})" for item in likeness)}})
    return likeness


@transaction.atomic
def competition_unregister(*, actor, competition: Competition, reason: str) -> Competition:
    """Withdraw a registration: its results stop counting (the rows stay, dated, for the record)."""
    committee_member_required(actor)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why the registration is withdrawn.")})
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    register_scope_check(actor, country=competition.country, klass=competition.klass)
    if competition.unregistered_at is not None:
        raise ValidationError(_("This competition is not registered any more."))
    competition.unregistered_at = timezone.now()
    competition.unregistered_by = actor
    competition.unregister_reason = reason[:300]
    competition.save(update_fields=["unregistered_at", "unregistered_by", "unregister_reason"])
    audit_record(actor=actor, tournament=competition.tournament, action=AuditAction.PIN_COMPETITION_UNREGISTERED,
                 obj=competition, detail={"name": competition.name, "reason": competition.unregister_reason})
    eligibility_recompute_later(player_ids=list(competition.results.values_list("player_id", flat=True)),
                                reason="unregistered")
    return competition


def _same_result(old: CompetitionResult, new: CompetitionResult) -> bool:
    fields = ("rank", "table_points", "contest_points", "group_rank", "team_rank", "group_name", "team_name")
    return all(getattr(old, f) == getattr(new, f) for f in fields)


@transaction.atomic
def competition_results_correct(*, actor, tournament_id: int) -> int:
    """After registration the standings changed (an upheld appeal, a corrected sheet): freeze them
    again. Each result that changed is superseded by a new one, and so is its certificate (the new
    certificate waits for the chief referee's signature); the ledger follows. Returns how many changed.
    Nothing happens for a tournament not registered or whose standings did not change."""
    competition = (
        Competition.objects.select_for_update()
        .filter(tournament_id=tournament_id, unregistered_at__isnull=True).first()
    )
    if competition is None:
        return 0
    tournament = Tournament.objects.get(pk=tournament_id)
    snapshot, data = _final_standings(tournament)
    if snapshot.version == competition.standings_version:
        return 0
    rows = {row["registration"]: row for row in _frozen_rows(tournament, data)}
    players = kept_players({r.pk: r.player for r in tournament.registrations.select_related("player")})
    fresh = {r.player_id: r for r in _result_rows(competition, list(rows.values()), players, snapshot.version)}
    now = timezone.now()
    changed = []
    current = {r.player_id: r for r in competition.results.filter(superseded_at__isnull=True)
               .select_related("certificate")}
    for player_id, old in current.items():
        new = fresh.get(player_id)
        if new is not None and _same_result(old, new):
            continue
        old.superseded_at = now
        old.save(update_fields=["superseded_at"])
        if new is not None:
            new.save()
            old.superseded_by = new
            old.save(update_fields=["superseded_by"])
        certificate = getattr(old, "certificate", None)
        if certificate is not None and certificate.superseded_at is None:
            replacement = None
            if new is not None:
                replacement = ResultCertificate.objects.create(result=new, code=certificate_code(),
                                                               standings_version=snapshot.version)
            certificate.superseded_at = now
            certificate.superseded_by = replacement
            certificate.save(update_fields=["superseded_at", "superseded_by"])
            audit_record(actor=actor, tournament=tournament, action=AuditAction.PIN_CERTIFICATE_SUPERSEDED,
                         obj=certificate, detail={"code": certificate.code, "name": old.name,
                                                  "replacement": replacement.code if replacement else ""})
        changed.append(player_id)
    for player_id, new in fresh.items():
        if player_id not in current:  # a player restored to the results (a cancellation withdrawn)
            new.save()
            ResultCertificate.objects.create(result=new, code=certificate_code(), standings_version=snapshot.version)
            changed.append(player_id)
    competition.standings_version = snapshot.version
    competition.save(update_fields=["standings_version"])
    audit_record(actor=actor, tournament=tournament, action=AuditAction.PIN_RESULTS_CORRECTED, obj=competition,
                 detail={"standings_version": snapshot.version, "changed": len(changed)})
    if changed:
        eligibility_recompute_later(player_ids=changed, reason="corrected")
    return len(changed)


def standings_changed(tournament_id: int, version: int) -> None:
    """The core's standings listener (tournaments.extensions): a registered tournament's standings
    changed after registration, so its frozen results are corrected by the worker."""
    if Competition.objects.filter(tournament_id=tournament_id, unregistered_at__isnull=True).exclude(
            standings_version=version).exists():
        events.enqueue_on_commit(COMPETITION_REFREEZE, tournament_id)


@transaction.atomic
def certificate_sign(*, actor, certificate: ResultCertificate) -> ResultCertificate:
    """The chief referee of the competition signs one results certificate (7.2)."""
    certificate = ResultCertificate.objects.select_for_update().select_related("result__competition").get(
        pk=certificate.pk)
    competition = certificate.result.competition
    if competition.tournament_id is None or not is_chief_referee(actor, competition.tournament_id):
        raise ValidationError(_("Only the chief referee of “%(name)s” signs its results certificates (Appendix 9, "
                                "7.2).") % {"name": competition.name})
    if certificate.superseded_at is not None:
        raise ValidationError(_("This certificate was superseded by a correction: sign the current one."))
    if certificate.signed_at is not None:
        raise ValidationError(_("This certificate is already signed."))
    certificate.signed_by = actor
    certificate.signed_at = timezone.now()
    certificate.signer_name = actor.get_full_name() or actor.get_username()
    certificate.save(update_fields=["signed_by", "signed_at", "signer_name"])
    audit_record(actor=actor, tournament=competition.tournament, action=AuditAction.PIN_CERTIFICATE_SIGNED,
                 obj=certificate, detail={"code": certificate.code, "name": certificate.result.name,
                                          "standings_version": certificate.standings_version, "count": 1})
    return certificate


@transaction.atomic
def certificates_sign_all(*, actor, competition: Competition) -> int:
    """The chief referee signs every unsigned current certificate of the competition at once."""
    if competition.tournament_id is None or not is_chief_referee(actor, competition.tournament_id):
        raise ValidationError(_("Only the chief referee of “%(name)s” signs its results certificates (Appendix 9, "
                                "7.2).") % {"name": competition.name})
    now = timezone.now()
    pending = ResultCertificate.objects.select_for_update().filter(
        result__competition=competition, superseded_at__isnull=True, signed_at__isnull=True)
    count = pending.update(signed_by=actor, signed_at=now, signer_name=actor.get_full_name() or actor.get_username())
    if count:
        audit_record(actor=actor, tournament=competition.tournament, action=AuditAction.PIN_CERTIFICATE_SIGNED,
                     obj=competition, detail={"count": count, "name": competition.name})
    return count
