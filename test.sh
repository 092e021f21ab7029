#!/usr/bin/env bash
# Install what the tests need, then run them all: lint, types, engine, bots, render and browser tests.
#   bash test.sh            everything (what CI runs); any extra arguments go to pytest
#   bash test.sh --quick    the inner loop: lint, types, and the engine, bots and web tests in CPython, leaving out
#                           the browser tests and the long seeded loops beyond their first sample (marked slow)
# Tests run on as many workers as the machine has cores (pytest-xdist); JOBS=1 bash test.sh runs them in one process.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
QUICK=0
if [ "${1:-}" = "--quick" ]; then QUICK=1; shift; fi

echo "== installing the test tools (pytest, xdist, hypothesis, playwright, ruff, mypy), Dask and the package"
"$PY" -m pip install --quiet --disable-pip-version-check -e '.[test,cluster]'

if [ "$QUICK" = 0 ]; then
  if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    echo "== installing Debian's chromium for the browser tests"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
  fi
  echo "== fetching the pinned browser runtime (npm ci) if it is missing"
  "$PY" serve.py --fetch-only
fi

echo "== ruff"
"$PY" -m ruff check .
echo "== mypy --strict (the whole package; only the browser's js/pyodide/pyscript modules are unchecked)"
"$PY" -m mypy --strict jaipur

echo "== pytest"
if [ "$QUICK" = 1 ]; then
  "$PY" -m pytest -q -n "${JOBS:-auto}" -m "not browser and not slow" "$@"
else
  "$PY" -m pytest -q -n "${JOBS:-auto}" "$@"
fi
