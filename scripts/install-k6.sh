#!/usr/bin/env bash
# Installs k6 (the version the k6 export is tested against) into .tools/go/bin with the Go toolchain:
#   go install go.k6.io/k6@v1.3.0
# It relies on Go 1.23 or newer, on PATH or in /usr/local/go/bin (LOADSMITH_GO_DIR), and on the Go module proxy for
# k6's sources; it fails with what to do when Go is missing or older.
# Nothing global: GOBIN is .tools/go/bin. Skipped when that binary already reports the right version.
# Prints where k6 is. The k6 export integration test (engine/convert/k6/k6-run.test.ts) looks for it there
# (or at $K6_PATH). Takes a few minutes the first time (module download + compile), a second after that.
set -euo pipefail
K6_VERSION="v1.3.0"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin_dir="$root/.tools/go/bin"
k6="$bin_dir/k6"

if [ -x "$k6" ] && "$k6" version 2>/dev/null | grep -q "k6 ${K6_VERSION}"; then
  echo "install-k6: k6 ${K6_VERSION} already at $k6"
  exit 0
fi
# k6 v1.3.0's go.mod says `go 1.23.0`: an older Go cannot build it (Debian 12's golang package is 1.19).
GO_MIN="1.23"
go_dir="${LOADSMITH_GO_DIR:-/usr/local/go/bin}"
if ! command -v go >/dev/null 2>&1 && [ -x "$go_dir/go" ]; then export PATH="$go_dir:$PATH"; fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-k6: no Go toolchain (not on PATH, not in $go_dir): k6 ${K6_VERSION} is built from source and needs Go ${GO_MIN} or newer. Install it from https://go.dev/dl/ (Debian's golang package is too old) or set LOADSMITH_GO_DIR to the folder of its go binary, and retry" >&2
  exit 1
fi
go_version="$(go version 2>/dev/null | grep -o 'go[0-9][0-9]*\.[0-9][0-9]*[.0-9a-z]*' | head -n1 || true)"
go_major_minor="$(echo "${go_version#go}" | cut -d. -f1,2)"
if [ -z "$go_version" ] || ! printf '%s\n%s\n' "$GO_MIN" "$go_major_minor" | sort -C -V; then
  echo "install-k6: $(command -v go) is ${go_version:-a Go whose version cannot be read}; k6 ${K6_VERSION} needs Go ${GO_MIN} or newer. Install a newer Go from https://go.dev/dl/ (Debian's golang package is too old) and put it first on PATH, or set LOADSMITH_GO_DIR to the folder of its go binary, and retry" >&2
  exit 1
fi
mkdir -p "$bin_dir"
echo "install-k6: building k6 ${K6_VERSION} with $(go version | cut -d' ' -f3) into $bin_dir (a few minutes the first time)"
start=$(date +%s)
# GOTOOLCHAIN=local: build with this Go, never download another toolchain.
GOBIN="$bin_dir" GOFLAGS="${GOFLAGS:--buildvcs=false}" GOTOOLCHAIN=local go install "go.k6.io/k6@${K6_VERSION}"
echo "install-k6: k6 ${K6_VERSION} installed at $k6 in $(( $(date +%s) - start ))s"
"$k6" version
