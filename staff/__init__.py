"""Staff in the app, above the core: the Staff page (roles given by an invitation link or an account with a
one-time password, team leaders' accounts after an import), a session's referees on one screen, the login
and the first password change (docs/staff.md). The core links to it through its seams (`hooks.py`) and
never imports this app; a session's planned referee is the core's (PlannedReferee), read by session_start.
"""
