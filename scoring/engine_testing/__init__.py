"""Test support for scoring.engine: a hand generator and the pymahjonggb oracle adapter.

Nothing in scoring.engine imports this package.
"""
