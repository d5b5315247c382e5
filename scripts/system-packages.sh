#!/usr/bin/env bash
# Install the Debian packages the test suite needs when they are missing (as root only).
set -euo pipefail

missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v chromium >/dev/null || missing+=(chromium)
# Chinese and Japanese glyphs for the browser tests and PDFs.
[ -d /usr/share/fonts/truetype/wqy ] || missing+=(fonts-wqy-microhei)
command -v xgettext >/dev/null || missing+=(gettext)
# The shipped reverse proxy (deploy/nginx/mcr.conf), started in front of gunicorn by the proxy tests.
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing+=(nginx)
# pg_dump/pg_restore for the backup test (the postgresql package brings them).
# Pango for WeasyPrint (the results PDF).
ls /usr/lib/*/libpangoft2-1.0.so.0 >/dev/null 2>&1 || missing+=(libpango-1.0-0 libpangoft2-1.0-0)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them (sudo apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
