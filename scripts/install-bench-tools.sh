#!/usr/bin/env bash
# Installs what bench/run compares Loadsmith with, and builds the benchmark target. Idempotent: each tool is
# installed only when missing.
#   apt:  wrk, hey, siege, apache2-utils (ab), time (GNU time), util-linux (taskset)   — needs root
#   npm:  autocannon, into .tools/bench (not the project's dependencies)
#   Go:   vegeta (github.com/tsenart/vegeta/v12, pinned) into .tools/go/bin; k6 via scripts/install-k6.sh
#   Go:   ghz (github.com/bojand/ghz, pinned) into .tools/go/bin, for the grpc workload
#   Go:   bench/target (the hello-world target) into .tools/bench/bin/target, bench/grpc-target (lookup.Lookup/Get
#         over gRPC, google.golang.org/grpc pinned in its go.mod) into .tools/bench/bin/grpc-target
# Usage: bash scripts/install-bench-tools.sh [--no-k6]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools"
gobin="$tools/go/bin"
benchdir="$tools/bench"
VEGETA_VERSION="v12.13.0"
GHZ_VERSION="v0.93.0" # old (2022), but it builds with current Go
AUTOCANNON_VERSION="8"
with_k6=1
[ "${1:-}" = "--no-k6" ] && with_k6=0

say() { echo "install-bench-tools: $*"; }

# --- apt -----------------------------------------------------------------------------------------------
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v hey >/dev/null 2>&1 || missing+=(hey)
command -v siege >/dev/null 2>&1 || missing+=(siege)
command -v ab >/dev/null 2>&1 || missing+=(apache2-utils)
[ -x /usr/bin/time ] || missing+=(time)
command -v taskset >/dev/null 2>&1 || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing ${missing[*]}; run as root (or: sudo apt-get install ${missing[*]})" >&2
  else
    say "apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
else
  say "wrk, hey, siege, ab, GNU time, taskset already installed"
fi

# --- npm: autocannon -----------------------------------------------------------------------------------
# shellcheck source=/dev/null
source "$root/scripts/ensure-node.sh"
if [ -x "$benchdir/node_modules/.bin/autocannon" ]; then
  say "autocannon already at $benchdir/node_modules/.bin/autocannon"
else
  mkdir -p "$benchdir"
  say "npm install autocannon@$AUTOCANNON_VERSION into $benchdir"
  npm install --prefix "$benchdir" --no-save --no-package-lock --loglevel=error "autocannon@$AUTOCANNON_VERSION" >/dev/null
fi

# --- Go: vegeta, k6, the target ------------------------------------------------------------------------
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH="/usr/local/go/bin:$PATH"; fi
if ! command -v go >/dev/null 2>&1; then
  say "no Go toolchain on PATH: vegeta, ghz, k6 and the targets cannot be built (install Go and retry)" >&2
  exit 1
fi
mkdir -p "$gobin" "$benchdir/bin"
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
if [ -x "$gobin/vegeta" ]; then
  say "vegeta already at $gobin/vegeta"
else
  # `go install module@version` also reads the module's version list (for deprecations), which some proxies
  # refuse; building from a throw-away module that requires the exact version asks only for that version.
  say "building github.com/tsenart/vegeta/v12@$VEGETA_VERSION into $gobin"
  src="$benchdir/vegeta-build"
  mkdir -p "$src"
  printf 'module loadsmith.dev/bench/vegeta\n\ngo 1.22\n\nrequire github.com/tsenart/vegeta/v12 %s\n' "$VEGETA_VERSION" >"$src/go.mod"
  printf '//go:build tools\n\npackage tools\n\nimport _ "github.com/tsenart/vegeta/v12"\n' >"$src/tools.go"
  (cd "$src" && go mod tidy && go build -o "$gobin/vegeta" github.com/tsenart/vegeta/v12)
fi
if [ -x "$gobin/ghz" ]; then
  say "ghz already at $gobin/ghz"
else
  say "building github.com/bojand/ghz/cmd/ghz@$GHZ_VERSION into $gobin"
  GOBIN="$gobin" GOTOOLCHAIN=local go install "github.com/bojand/ghz/cmd/ghz@$GHZ_VERSION"
fi
if [ "$with_k6" = 1 ]; then bash "$root/scripts/install-k6.sh"; fi
say "building bench/target into $benchdir/bin/target"
(cd "$root/bench/target" && go build -o "$benchdir/bin/target" .)
say "building bench/grpc-target into $benchdir/bin/grpc-target"
(cd "$root/bench/grpc-target" && GOTOOLCHAIN=local go build -o "$benchdir/bin/grpc-target" .)
say "done"
