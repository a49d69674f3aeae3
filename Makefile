.PHONY: play serve test bench docs

# The first Python 3.11+ on PATH (override with `make PYTHON=/path/to/python3.12`).
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& echo $$p && break; done)
export PYTHON

# Set up and play a game of Plump in the terminal against three bots.  Ctrl-C saves
# the game and stops it (status 130): a chosen end, not a failure of make.
play:
	@./scripts/serve.sh --setup-only
	@trap : INT; .venv/bin/stickspel play plump $(ARGS) || [ $$? -eq 130 ]

# Set up what serving needs (no test extras) and serve tables to browsers on
# http://127.0.0.1:8000 (data in ./stickspel-data) at once, the bots' search
# compiling in the background meanwhile; ARGS go to `stickspel serve`.
serve:
	@./scripts/serve.sh $(ARGS)

# Set up and run the whole test suite (ruff, mypy, pytest).
test:
	./scripts/test.sh

# Regenerate the option tables in docs/ from the rules' metadata.
docs:
	@[ -x .venv/bin/stickspel ] || ./scripts/test.sh --setup-only
	.venv/bin/python scripts/gen_docs.py

bench:
	@[ -x .venv/bin/python ] || ./scripts/test.sh --setup-only
	.venv/bin/python -m pip install -q -e '.[test,bench]'
	.venv/bin/python benchmarks/bench_plump.py
