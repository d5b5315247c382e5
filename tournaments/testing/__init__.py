"""Test support for the core and the apps above it.

- `scenarios`: plain functions over the services that play a tournament (seat, play, sign, publish)
  and the hands they record; the tests, the demo (config/demo/seed.py) and the benches use them;
- `fixtures`: the pytest fixtures every app's tests share (the personas, a tournament of twelve,
  a running session and its sheets), loaded by the root conftest.py as a plugin;
- `archives`: sample archives for the import tests; `concurrency`: threads released at once;
- the suite's machinery (README, "The test suite"): `world` (shared fixtures recorded and restored),
  `database` (the SQLite test database copied), `postgresql` (a faster flush).

Production code never imports this package (the demo, which builds its data as the tests do, is
the one exception).
"""
