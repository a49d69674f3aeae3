#!/usr/bin/env bash
# Set up (system tools the tests use, the venv) and run the whole test suite:
# ruff, mypy, pytest.  `scripts/test.sh --setup-only` sets up and stops;
# other arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

setup_only=0
if [ "${1:-}" = "--setup-only" ]; then setup_only=1; shift; fi

# A Python 3.11+ (the Makefile passes the one it found).
PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  for p in python3.13 python3.12 python3.11 python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PYTHON="$p"; break
    fi
  done
fi
if [ -z "$PYTHON" ]; then
  echo "stickspel needs Python 3.11 or newer (python3.11, python3.12 …) on PATH" >&2
  exit 1
fi

# Debian packages: tmux and pdftoppm for the tests, chromium for the browser
# test (Playwright drives the system's chromium; it never downloads one),
# PostgreSQL for the server tests on PostgreSQL (they start a throwaway cluster
# of their own on loopback: stickspel.server.devdb), venv support for Python.
need=()
if [ "$setup_only" -eq 0 ]; then
  command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
  command -v tmux >/dev/null 2>&1 || need+=(tmux)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v npm >/dev/null 2>&1 || need+=(npm)
  if ! command -v initdb >/dev/null 2>&1 && ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    need+=(postgresql)
  fi
fi
if [ ! -x .venv/bin/python ] && ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
  need+=("$(basename "$PYTHON")-venv")
fi
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "installing ${need[*]} with apt-get" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "please install: ${need[*]}" >&2
  fi
fi

[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test]'
[ "$setup_only" -eq 1 ] && exit 0

# axe-core, the accessibility checker the browser tests inject into the pages, from
# the npm registry into a folder of its own (the project has no JavaScript build)
if [ ! -f .cache/axe/node_modules/axe-core/axe.min.js ] && command -v npm >/dev/null 2>&1; then
  echo "installing axe-core with npm into .cache/axe" >&2
  npm install --silent --no-audit --no-fund --prefix .cache/axe axe-core@4 >/dev/null
fi

lint=(src tests)
for d in benchmarks scripts examples; do [ -d "$d" ] && lint+=("$d"); done
.venv/bin/ruff check "${lint[@]}"
.venv/bin/ruff format --check "${lint[@]}"
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
