"""What the tests of every app share: test support, not app code (no app imports it; the demo is the one
exception, as it builds its data as the tests do).

- `scenarios`: plain functions over the services that play a tournament (seat, play, sign, publish)
  and the hands they record; the tests, the demo (config/demo/seed.py) and the benches use them;
- `fixtures`: the pytest fixtures every app's tests share (the personas, a tournament of twelve,
  a running session and its sheets), loaded by the root conftest.py as a plugin: plain fixtures, each
  built through the services for the test that asks for it, in the test's rolled-back transaction;
- `statistics`: a played tournament whose statistics were computed by hand (the reports' and the
  penalties' tests);
- `archives`: sample archives for the import tests; `concurrency`: threads released at once;
- the suite's machinery (README, "The test suite"): `database` (the SQLite test database copied),
  `postgresql` (a faster flush), `migrations` (a scratch database for the data-migration tests);
  `documents`: big documents asked for and fetched as a browser does.
"""
