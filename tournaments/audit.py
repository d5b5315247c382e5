"""The audit trail: each service writes one event inside its own transaction.

`AuditAction` is the one catalogue of what an event may record, for the core and every app above
it: a service passes a member, never a free string, so the audit page can name each action in
the reader's language and filter by it. The stored values are the codes events have always been
written with: existing rows (and the archive) keep their meaning, and no migration is needed.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import AuditEvent, Tournament
from tournaments.rows import insert_row


class AuditAction(models.TextChoices):
    # The tournament, its staff and its players (tournaments.core, .archive).
    TOURNAMENT_CREATED = "tournament.created", _("Tournament created")
    TOURNAMENT_UPDATED = "tournament.updated", _("Tournament changed")
    TOURNAMENT_IMPORTED = "tournament.imported", _("Tournament imported from an archive")
    TOURNAMENT_STATUS_CHANGED = "tournament.status_changed", _("Tournament status changed")
    TOURNAMENT_HIDDEN = "tournament.hidden", _("Draft hidden or shown on the home page")
    MEMBERSHIP_GRANTED = "membership.granted", _("Role given")
    MEMBERSHIP_REVOKED = "membership.revoked", _("Role taken away")
    MEMBERSHIP_INVITED = "membership.invited", _("Invitation to a role created")
    MEMBERSHIP_INVITATION_ACCEPTED = "membership.invitation_accepted", _("Invitation to a role accepted")
    MEMBERSHIP_INVITATION_CANCELLED = "membership.invitation_cancelled", _("Invitation to a role cancelled")
    MEMBERSHIP_ACCOUNT_CREATED = "membership.account_created", _("Account created with a one-time password")
    MEMBERSHIP_PASSWORD_SET = "membership.password_set", _("One-time password replaced")
    MEMBERSHIP_OTP_RENEWED = "membership.otp_renewed", _("New one-time password given")
    MEMBERSHIP_OTP_REVOKED = "membership.otp_revoked", _("One-time password revoked")
    PLAYER_LINKED = "player.linked", _("Player linked to an account")
    TEAM_LEADER_CLEARED = "team.leader_cleared", _("Team leader removed")
    TEAM_CREATED = "team.created", _("Team created")
    API_TOKEN_CREATED = "api_token.created", _("API token made")
    API_TOKEN_REVOKED = "api_token.revoked", _("API token revoked")
    TEAM_DELETED = "team.deleted", _("Team deleted")
    REGISTRATION_UPDATED = "registration.updated", _("Registration changed")
    REGISTRATION_CHECKED_IN = "registration.checked_in", _("Player checked in")
    REGISTRATION_CHECK_IN_UNDONE = "registration.check_in_undone", _("Check-in undone")
    PINS_ISSUED = "pins.issued", _("Confirmation PINs issued")
    PIN_REISSUED = "pins.reissued", _("Confirmation PIN re-issued")
    # Single-player changes after the chart is drawn (roster).
    REGISTRATION_ADDED = "registration.added", _("Player registered")
    REGISTRATION_WITHDRAWN = "registration.withdrawn", _("Player withdrew")
    REGISTRATION_SUBSTITUTED = "registration.substituted", _("Substitute seated")
    REGISTRATION_WITHDRAWAL_UNDONE = "registration.withdrawal_undone", _("Withdrawal undone")
    REGISTRATION_RESERVE_SET = "registration.reserve_set", _("Reserve or player")
    REGISTRATION_DELETED = "registration.deleted", _("Registration deleted")
    # Groups, 团体 3.5.3 (roster).
    GROUP_CREATED = "group.created", _("Group created")
    GROUP_RENAMED = "group.renamed", _("Group renamed")
    GROUP_DELETED = "group.deleted", _("Group deleted")
    REGISTRATION_GROUP_SET = "registration.group_set", _("Player's group changed")
    # Roster files (roster).
    IMPORT_QUEUED = "import.queued", _("Roster file uploaded")
    IMPORT_DONE = "import.done", _("Roster file imported")
    IMPORT_FAILED = "import.failed", _("Roster file rejected")
    # Big documents rendered by the worker (prints): asked for once per version.
    DOCUMENT_REQUESTED = "document.requested", _("Document requested")
    # Tables and sessions (tournaments.sessions).
    TABLES_CREATED = "tables.created", _("Tables created")
    SESSION_SEATS_SET = "session.seats_set", _("Seats set")
    SESSION_QUALIFICATION_SET = "session.qualification_set", _("Session's qualifiers set")
    SESSION_STARTED = "session.started", _("Session started")
    SESSION_TABLES_STARTED = "session.tables_started", _("Held tables started")
    SESSION_ENDED = "session.ended", _("Session ended")
    SESSION_SCHEDULED = "session.scheduled", _("Session start scheduled")
    SESSION_REFEREES_PLANNED = "session.referees_planned", _("Referees planned for a session's tables")
    # Score sheets and hands (tournaments.sheets).
    SHEET_REFEREE_ASSIGNED = "sheet.referee_assigned", _("Referee assigned")
    HAND_RECORDED = "hand.recorded", _("Hand recorded")
    HAND_CORRECTED = "hand.corrected", _("Hand corrected")
    HAND_DELETED = "hand.deleted", _("Hand taken back")
    HAND_OBJECTION_RECORDED = "hand.objection_recorded", _("Objection recorded at the table")
    SHEET_CLOSED = "sheet.closed", _("Score sheet closed")
    SHEET_CONFIRMED = "sheet.confirmed", _("Score sheet confirmed by a player")
    SHEET_LOCKED = "sheet.locked", _("Score sheet signed")
    SHEET_REMARKS_SET = "sheet.remarks_set", _("Score sheet remarks written")
    # Standings (tournaments.standings).
    STANDINGS_RECOMPUTED = "standings.recomputed", _("Standings recomputed")
    STANDINGS_RECOMPUTE_REQUESTED = "standings.recompute_requested", _("Standings recomputation requested")
    # Seating (the seating app).
    SEATING_CHART_GENERATED = "seating.chart_generated", _("Seating chart drawn")
    SEATING_SEATS_SWAPPED = "seating.seats_swapped", _("Seats swapped")
    SEATING_SEATED_BY_STANDINGS = "seating.seated_by_standings", _("Session seated by the standings")
    # Penalties, 3.11 (the penalties app).
    PENALTY_RECORDED = "penalty.recorded", _("Penalty recorded")
    PENALTY_CANCELLED = "penalty.cancelled", _("Penalty cancelled")
    PENALTY_RENUMBERED = "penalty.renumbered", _("Penalties renumbered")
    PENALTY_DISQUALIFICATION_ARRANGED = "penalty.disqualification_arranged", _("Disqualification arranged")
    PENALTY_DISQUALIFICATION_SEATS_RETURNED = (
        "penalty.disqualification_seats_returned", _("Seats returned after a disqualification")
    )
    # "penalty.forfeit_points_set" is gone: 3.11.2.1 gives a forfeit 0 table points, no override
    # (issue 12); events written before read through the fallback (label and detail).
    PENALTY_RANK_CANCELLED = "penalty.rank_cancelled", _("Rank cancelled (3.11.5)")
    PENALTY_RANK_RESTORED = "penalty.rank_restored", _("Rank cancellation withdrawn")
    PENALTY_RANK_SUBSTITUTE = "penalty.rank_substitute", _("Substitute for a player whose rank is cancelled")
    PENALTY_POLICY_UPDATED = "penalty_policy.updated", _("Penalty settings changed")
    # Appeals, 3.12-3.13 (the appeals app).
    APPEAL_FILED = "appeal.filed", _("Appeal filed")
    APPEAL_SIGNED = "appeal.signed", _("Appeal signed")
    APPEAL_PAPER_SIGNATURE_RECORDED = "appeal.paper_signature_recorded", _("Paper signature recorded")
    APPEAL_UPHELD = "appeal.upheld", _("Appeal upheld")
    APPEAL_REJECTED = "appeal.rejected", _("Appeal rejected")
    APPEAL_ESCALATED = "appeal.escalated", _("Appeal taken to the arbitration committee")
    APPEAL_FEE_RECEIVED = "appeal.fee_received", _("Appeal fee received")
    APPEAL_FEE_REFUNDED = "appeal.fee_refunded", _("Appeal fee refunded")
    APPEAL_FEE_FORFEITED = "appeal.fee_forfeited", _("Appeal fee forfeited")
    APPEAL_POLICY_UPDATED = "appeal_policy.updated", _("Appeal settings changed")
    # The Pin register, Appendix 9-10 (the pin_ranking app).
    PIN_COMPETITION_REGISTERED = "pin.competition_registered", _("Competition registered for the Pin")
    PIN_COMPETITION_UNREGISTERED = "pin.competition_unregistered", _("Competition's Pin registration withdrawn")
    PIN_RESULTS_IMPORTED = "pin.results_imported", _("External results imported for the Pin")
    PIN_RESULTS_IMPORT_REJECTED = "pin.results_import_rejected", _("External results file rejected")
    PIN_RESULTS_CORRECTED = "pin.results_corrected", _("Pin results corrected after registration")
    PIN_CERTIFICATE_SIGNED = "pin.certificate_signed", _("Results certificate signed")
    PIN_CERTIFICATE_SUPERSEDED = "pin.certificate_superseded", _("Results certificate superseded")
    PIN_REGISTER_UPDATED = "pin.register_updated", _("Pin register settings changed")
    PIN_LEDGERS_RECOMPUTED = "pin.ledgers_recomputed", _("Pin ledgers recomputed")
    PIN_COMMITTEE_SEAT_GRANTED = "pin.committee_seat_granted", _("Pin committee seat given")
    PIN_APPLICATION_FILED = "pin.application_filed", _("Pin application filed")
    PIN_APPLICATION_DECIDED = "pin.application_decided", _("Pin application decided")
    PIN_APPLICATION_ANSWERED = "pin.application_answered", _("Pin application completed by the player")
    PIN_APPLICATION_CONFIRMED = "pin.application_confirmed", _("Pin application confirmed by the player")
    PIN_COMMITTEE_CREATED = "pin.committee_created", _("Pin committee created")
    PIN_COMMITTEE_CHANGED = "pin.committee_changed", _("Pin committee changed")
    PIN_COMMITTEE_RETIRED = "pin.committee_retired", _("Pin committee retired")
    PIN_COMMITTEE_SEAT_REVOKED = "pin.committee_seat_revoked", _("Pin committee seat taken back")
    PIN_REGISTER_ADMIN_GRANTED = "pin.register_admin_granted", _("Pin register administrator named")
    PIN_REGISTER_ADMIN_REVOKED = "pin.register_admin_revoked", _("Pin register administrator removed")
    PIN_RESULTS_IMPORT_REVIEW = "pin.results_import_review", _("External results waiting for review")
    PIN_PLAYERS_MERGED = "pin.players_merged", _("Player records merged")
    PIN_PLAYERS_MERGE_UNDONE = "pin.players_merge_undone", _("Player merge undone")
    PIN_CLAIM_FILED = "pin.claim_filed", _("Account claimed a Pin record")
    PIN_AWARDS_IMPORTED = "pin.awards_imported", _("Pins imported from an earlier register")
    PIN_CLAIM_DECIDED = "pin.claim_decided", _("Claim of a Pin record decided")
    PIN_AWARD_ENTERED = "pin.award_entered", _("Paper Pin certificate entered")
    # Entries before the day (entries).
    ENTRIES_WINDOW_SET = "entries.window_set", _("Entries opened or changed")
    ENTRY_SUBMITTED = "entry.submitted", _("Entry made, waiting for its e-mail confirmation")
    ENTRY_CONFIRMED = "entry.confirmed", _("Entry confirmed")
    ENTRY_OFFERED = "entry.offered", _("Place offered to a waiting entry")
    ENTRY_ACCEPTED = "entry.accepted", _("Offered place accepted")
    ENTRY_PAID = "entry.paid", _("Entry fee recorded")
    ENTRY_REFUNDED = "entry.refunded", _("Entry fee refunded")
    ENTRY_WITHDRAWN = "entry.withdrawn", _("Entry withdrawn")
    ENTRY_CANCELLED = "entry.cancelled", _("Entry cancelled by the organizer")
    ENTRY_EXPIRED = "entry.expired", _("Entry or offer expired")
    ENTRY_MOVED = "entry.moved", _("Entry moved on the waiting list")
    ENTRY_ACCOUNT_LINKED = "entry.account_linked", _("Entry kept in an account")
    ENTRY_MAIL_CONSENT = "entry.mail_consent", _("Consent to mail withdrawn or given back")
    ENTRIES_MAILED = "entries.mailed", _("Mail sent to the entrants")
    # A person's own data (privacy).
    PRIVACY_EXPORT_REQUESTED = "privacy.export_requested", _("Export of one's data asked for")
    PRIVACY_ERASURE_REQUESTED = "privacy.erasure_requested", _("Erasure of one's data asked for")
    PRIVACY_ERASURE_DECIDED = "privacy.erasure_decided", _("Erasure decided")
    PRIVACY_RETENTION_RUN = "privacy.retention_run", _("Personal data past its time deleted")


def audit_record(
    *,
    actor,
    action: AuditAction,
    tournament: Tournament | None = None,
    obj: models.Model | None = None,
    detail: dict | None = None,
) -> AuditEvent:
    """Append an audit event; call it inside the service's transaction so both commit or neither.

    An action outside the catalogue is a programming error, refused before anything is written.
    """
    try:
        action = AuditAction(action)
    except ValueError:
        raise ValueError(f"{action!r} is not in the audit catalogue: add it to tournaments.audit.AuditAction") from None
    return insert_row(AuditEvent(  # every write of the day comes here: one INSERT built once (tournaments/rows.py)
        actor=actor if actor is not None and actor.is_authenticated else None,
        tournament=tournament,
        action=action.value,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        detail=detail or {},
    ))
