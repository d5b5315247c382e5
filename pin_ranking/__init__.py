"""The Pin system (品级, Appendix 9-10): built on the tournament core, which never imports it.

One sub-package per concern, as in the core (docs/pin-ranking.md):
- `register/`: the competition register (4.4), frozen certified results, results certificates (7.2);
- `ledger/`: each player's ledger per track and its recompute (eligibility);
- `imports/`: results of competitions run elsewhere (an archive or a results file);
- `applications/`: a player's application (7.1-7.2, the form of Appendix 10);
- `committee/`: the committees' decisions and the Pins they award (7.3-7.4), the public register.
`engine/` is the arithmetic in plain Python; `models/` the rows, one module per concern; `hooks.py`
what the app plugs into the core's seams.
"""
