"""Every write of the tournament core; one module per concern, the core ones re-exported here."""

from tournaments.services.core import (  # noqa: F401
    import_job_create,
    import_job_run,
    membership_grant,
    membership_revoke,
    player_link_user,
    registration_check_in,
    registration_update,
    tables_sync,
    tournament_create,
    tournament_update,
)
