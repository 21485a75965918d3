#!/usr/bin/env bash
# Installs the system packages the tests need, from Debian's apt, when they are missing. Idempotent.
# As root it installs them; otherwise it says what to install and fails.
set -euo pipefail

# The command line, checked before anything is looked at or installed: --help prints the usage; nothing else is
# taken.
usage="Usage: bash scripts/ensure-system.sh

Installs the system packages the tests need (chromium, chromium-headless-shell, redis-server, postgresql, curl,
jq) from Debian's apt when one is missing; does nothing when all are present. As root it installs them; otherwise
it says what to install and fails (exit 1). npm test and CI run it first.

Options:
  -h, --help  prints this text and exits; nothing is installed."
for arg in "$@"; do
  case "$arg" in
    -h | --help)
      echo "$usage"
      exit 0
      ;;
  esac
done
if [ $# -gt 0 ]; then
  case "$1" in
    -*) echo "scripts/ensure-system.sh: unknown option $1; nothing was run. Run it with --help for its usage." >&2 ;;
    *) echo "scripts/ensure-system.sh: takes no argument (given: $*); nothing was run. Run it with --help for its usage." >&2 ;;
  esac
  exit 2
fi

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The browser tests' Chromium (scripts/chromium.mjs); the site's benchmarks run the one above.
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
# The API guide's curl examples are run by the tests.
command -v curl >/dev/null || need+=(curl)
command -v jq >/dev/null || need+=(jq)

if [ ${#need[@]} -eq 0 ]; then
  echo "System packages: all present (chromium, chromium-headless-shell, redis-server, postgresql, curl, jq)."
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
