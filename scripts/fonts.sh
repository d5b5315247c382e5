#!/usr/bin/env bash
# A Chinese and Japanese font for the PDFs (make run; issue 29: a fresh Debian machine printed every CJK name as
# boxes). Installs Debian's fonts-wqy-microhei when run as root; otherwise says what to install. Never fails.
if fc-list :lang=zh-cn file 2>/dev/null | grep -q . && fc-list :lang=ja file 2>/dev/null | grep -q .; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing a Chinese and Japanese font for the PDFs (fonts-wqy-microhei)…"
  export DEBIAN_FRONTEND=noninteractive
  (apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends fonts-wqy-microhei fontconfig >/dev/null) \
    || echo "Could not install fonts-wqy-microhei: PDFs will print Chinese and Japanese names as boxes." >&2
else
  echo "No Chinese and Japanese font: PDFs will print those names as boxes. Install one: sudo apt-get install fonts-wqy-microhei" >&2
fi
exit 0
