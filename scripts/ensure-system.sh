#!/usr/bin/env bash
# Installs the system packages the tests need, from Debian's apt, when they are missing. Idempotent.
# As root it installs them; otherwise it says what to install and fails.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
# The API guide's curl examples are run by the tests.
command -v curl >/dev/null || need+=(curl)
command -v jq >/dev/null || need+=(jq)

if [ ${#need[@]} -eq 0 ]; then
  echo "System packages: all present (chromium, redis-server, postgresql, curl, jq)."
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}." >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi

echo "Installing system packages: ${need[*]} (apt-get)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# The Debian packages start their services; the tests start their own servers on free ports instead.
service redis-server stop >/dev/null 2>&1 || true
service postgresql stop >/dev/null 2>&1 || true
echo "Installed: ${need[*]}."
