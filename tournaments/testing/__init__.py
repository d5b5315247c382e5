"""Test support for the core and the apps above it.

- `scenarios`: plain functions over the services that play a tournament (seat, play, sign, publish)
  and the hands they record; the tests, the demo (config/demo/seed.py) and the benches use them;
- `fixtures`: the pytest fixtures every app's tests share (the personas, a tournament of twelve,
  a running session and its sheets), loaded by the root conftest.py as a plugin: plain fixtures, each
  built through the services for the test that asks for it, in the test's rolled-back transaction;
- `archives`: sample archives for the import tests; `concurrency`: threads released at once;
- the suite's machinery (README, "The test suite"): `database` (the SQLite test database copied),
  `postgresql` (a faster flush), `migrations` (a scratch database for the data-migration tests);
  `documents`: big documents asked for and fetched as a browser does.

Production code never imports this package (the demo, which builds its data as the tests do, is
the one exception).
"""
