# Source this file: Node (see ensure-node.sh), then the npm dependencies when package-lock.json changed.
# shellcheck shell=bash
_ls_here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=ensure-node.sh
source "$_ls_here/ensure-node.sh" || return 1
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
if [ ! -f "$_ls_here/../node_modules/.package-lock.json" ] || [ "$_ls_here/../package-lock.json" -nt "$_ls_here/../node_modules/.package-lock.json" ]; then
  echo "loadsmith: installing dependencies (npm ci)" >&2
  (cd "$_ls_here/.." && { [ -z "${LOADSMITH_NODEDIR:-}" ] || export npm_config_nodedir="$LOADSMITH_NODEDIR"; } \
    && npm ci --no-audit --no-fund --loglevel=error 2>&1 | grep -v 'Unknown .*config "nodedir"' >&2; exit "${PIPESTATUS[0]}") || return 1
fi
unset _ls_here
