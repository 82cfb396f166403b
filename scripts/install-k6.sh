#!/usr/bin/env bash
# Installs k6 (the version the k6 export is tested against) into .tools/go/bin with the Go toolchain:
#   go install go.k6.io/k6@v1.3.0
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
if ! command -v go >/dev/null 2>&1; then
  [ -x /usr/local/go/bin/go ] && export PATH="/usr/local/go/bin:$PATH"
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-k6: no Go toolchain on PATH; install Go (https://go.dev/dl/) and retry" >&2
  exit 1
fi
mkdir -p "$bin_dir"
echo "install-k6: building k6 ${K6_VERSION} with $(go version | cut -d' ' -f3) into $bin_dir (a few minutes the first time)"
start=$(date +%s)
GOBIN="$bin_dir" GOFLAGS="${GOFLAGS:--buildvcs=false}" go install "go.k6.io/k6@${K6_VERSION}"
echo "install-k6: k6 ${K6_VERSION} installed at $k6 in $(( $(date +%s) - start ))s"
"$k6" version
