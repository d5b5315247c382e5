"""What the recorded hands and the standings give out, read-only, above the core: the statistics pages
(`statistics`), the hall display for a projector (`hall`, built on the statistics) and the files for
ranking bodies and researchers (`exports`). Nothing in the core imports this app: it links to its pages
through the core's seams (`hooks.py`)."""
