#!/usr/bin/env bash
# Set up what serving needs and serve: a venv (.venv) with stickspel, its server and
# its bots with their compiled search (`pip install -e '.[fast]'`: numba; no test or
# research extras), then
# `stickspel serve`, which prints one plain line with the address to open as soon as
# it listens; it compiles the search in the background meanwhile (the bots search
# uncompiled until that is done, so none waits for it).
# `scripts/serve.sh --setup-only` sets up and stops; other arguments go to `stickspel serve`.
set -euo pipefail
cd "$(dirname "$0")/.."

setup_only=0
if [ "${1:-}" = "--setup-only" ]; then setup_only=1; shift; fi

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

# set up once (again when pyproject.toml changes): each step says what it does
stamp=.venv/.stickspel-serve
if [ ! -x .venv/bin/stickspel ] || [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  start=$(date +%s)
  if [ ! -x .venv/bin/python ]; then
    echo "stickspel: making a Python environment in .venv …"
    if ! "$PYTHON" -m venv .venv; then
      echo "stickspel: $PYTHON cannot make a venv: install python3-venv (apt-get install python3-venv)" >&2
      exit 1
    fi
  fi
  echo "stickspel: installing the server and its bots into .venv (the first time takes a minute) …"
  # pip's own lines, one per package: the progress
  .venv/bin/python -m pip install --disable-pip-version-check --no-input -e '.[fast]' 2>&1 \
    | grep --line-buffered -E '^(Collecting|Installing collected|Successfully installed|ERROR|error)' \
    | sed -u 's/^/  /' || { echo "stickspel: the installation failed (see above)" >&2; exit 1; }
  [ -x .venv/bin/stickspel ] || { echo "stickspel: the installation failed" >&2; exit 1; }
  touch "$stamp"
  echo "stickspel: set up in $(( $(date +%s) - start )) s ($(du -sh .venv | cut -f1) in .venv)"
fi
[ "$setup_only" -eq 1 ] && exit 0
exec .venv/bin/stickspel serve "$@"
