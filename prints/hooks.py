"""What the prints app plugs into the tournament core, in one place: the answer to a room's PDF link
(tournaments.documents), the beat sweep's restart of documents whose worker went quiet
(tournaments.events) and the audit page's sentences (tournaments.extensions). Called once by
PrintsConfig.ready()."""


def register() -> None:
    from prints.audit_sentences import SENTENCES
    from prints.services import print_jobs_restart_stuck
    from prints.views import document_response
    from tournaments import documents, events
    from tournaments.extensions import audit_sentences_register

    documents.document_responder_register(document_response)
    events.sweep_register(print_jobs_restart_stuck)
    audit_sentences_register(SENTENCES)
