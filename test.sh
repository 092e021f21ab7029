#!/usr/bin/env bash
# Install what the tests need, then run them all: lint, types, engine, bots, render and browser tests.
#   bash test.sh            (any extra arguments go to pytest)
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}

echo "== installing the test tools (pytest, hypothesis, playwright, ruff, mypy), Dask and the package"
"$PY" -m pip install --quiet --disable-pip-version-check -e '.[test,cluster]'

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

echo "== ruff"
"$PY" -m ruff check .
echo "== mypy --strict (the whole package; only the browser's js/pyodide/pyscript modules are unchecked)"
"$PY" -m mypy --strict jaipur

echo "== pytest"
"$PY" -m pytest -q "$@"
