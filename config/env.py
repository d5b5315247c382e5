"""The one place that reads the process environment (12-factor settings)."""

from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# A developer may keep variables in .env at the repository root; real deployments set them.
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)
