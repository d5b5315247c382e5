"""The roster, above the core: teams and players imported from CSV or XLSX, all or nothing (files.py reads
the files; the Pin app reuses it), the single-player changes after the chart is drawn (a late entry, a
withdrawal, a substitute) and the players' oaths (Appendix 2). The core links to it through its seams
(`hooks.py`) and never imports this app."""
