"""Standings (3.10), the results sheet (Appendix 7) and its files."""
