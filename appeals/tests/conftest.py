from tournaments.tests.conftest import pins, running_session, seated_session, sheet  # noqa: F401
