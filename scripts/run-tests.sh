#!/usr/bin/env bash
# The whole suite against real PostgreSQL and Redis (and a real Celery worker and Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/system-packages.sh
.venv/bin/python scripts/compile_translations.py

services_dir=$(mktemp -d /tmp/mcr-test-services.XXXXXX)
trap 'scripts/test-services.sh stop "$services_dir"' EXIT
scripts/test-services.sh start "$services_dir"
# shellcheck disable=SC1091
source "$services_dir/env"

# pytest keeps its rewritten test modules (some 4 s a process) even where the machine says not to write bytecode.
unset PYTHONDONTWRITEBYTECODE
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here." >&2
  exit 1
fi
exit "$status"
