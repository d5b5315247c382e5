"""The audit trail's sentences for the appeals' events (3.12-3.13).

Registered with the core (tournaments.extensions.seams.audit_sentences) by this app's hooks.register(),
built from what this app's services put in each event's detail; tournaments.core.audit_display
holds the helpers and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction
from tournaments.core.audit_display import choice_label, describe_changes, with_place


def _appeal_filed(d, event, places):
    if d.get("on_paper"):
        what = _("Paper appeal #%(appeal)s entered for entry %(entry)s: %(subject)s; fee %(fee)s")
    else:
        what = _("Appeal #%(appeal)s filed by entry %(entry)s: %(subject)s; fee %(fee)s")
    sentence = what % {
        "appeal": event.object_id, "entry": d["appellant"], "subject": choice_label(event, "subject", d["subject"]),
        "fee": d["fee"],
    }
    if d.get("direct"):
        sentence = _("%(sentence)s; sent straight to the arbitration committee (3.12.4)") % {"sentence": sentence}
    return sentence


def _fee(d, event, places):
    what = {
        AuditAction.APPEAL_FEE_RECEIVED: _("Fee %(fee)s of appeal #%(appeal)s received"),
        AuditAction.APPEAL_FEE_REFUNDED: _("Fee %(fee)s of appeal #%(appeal)s refunded"),
        AuditAction.APPEAL_FEE_FORFEITED: _("Fee %(fee)s of appeal #%(appeal)s forfeited"),
    }[event.action]
    return what % {"fee": d["fee"], "appeal": event.object_id}


def _appeal_signed(d, event, places):
    signers = set(d["as"])
    if signers == {"appellant", "leader"}:
        what = _("Appeal #%(appeal)s signed by the appellant and the team leader")
    elif signers == {"leader"}:
        what = _("Appeal #%(appeal)s signed by the team leader")
    elif signers == {"appellant"}:
        what = _("Appeal #%(appeal)s signed by the appellant")
    else:
        raise ValueError(signers)
    return what % {"appeal": event.object_id}


def _paper_signature(d, event, places):
    if d["as"] == "leader":
        what = _("The team leader's signature on the paper form of appeal #%(appeal)s recorded")
    elif d["as"] == "appellant":
        what = _("The appellant's signature on the paper form of appeal #%(appeal)s recorded")
    else:
        raise ValueError(d["as"])
    return what % {"appeal": event.object_id}


def _appeal_decided(upheld: bool):
    def sentence(d, event, places):
        values = {"appeal": event.object_id, "stage": choice_label(event, "stage", d["stage"])}
        what = (_("Appeal #%(appeal)s upheld (%(stage)s)") if upheld else _("Appeal #%(appeal)s rejected (%(stage)s)"))
        return with_place(what % values, because=d.get("reasons", ""))

    return sentence


def _appeal_escalated(d, event, places):
    return _("Appeal #%(appeal)s taken to the arbitration committee") % {"appeal": event.object_id}


def _appeal_policy_updated(d, event, places):
    before, after = d["before"], d["after"]
    changed = [(key, before.get(key), value) for key, value in after.items() if before.get(key) != value]
    if not changed:
        return _("Appeal settings saved with no change")
    labels = {"fee": _("appeal fee"), "other_appeals_body": _("other appeals go to")}
    return _("Appeal settings changed: %(changes)s") % {"changes": describe_changes(event.object_type, changed, labels)}


SENTENCES = {
    AuditAction.APPEAL_FILED: _appeal_filed,
    AuditAction.APPEAL_SIGNED: _appeal_signed,
    AuditAction.APPEAL_PAPER_SIGNATURE_RECORDED: _paper_signature,
    AuditAction.APPEAL_UPHELD: _appeal_decided(upheld=True),
    AuditAction.APPEAL_REJECTED: _appeal_decided(upheld=False),
    AuditAction.APPEAL_ESCALATED: _appeal_escalated,
    AuditAction.APPEAL_FEE_RECEIVED: _fee,
    AuditAction.APPEAL_FEE_REFUNDED: _fee,
    AuditAction.APPEAL_FEE_FORFEITED: _fee,
    AuditAction.APPEAL_POLICY_UPDATED: _appeal_policy_updated,
}
