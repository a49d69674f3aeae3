.PHONY: play test bench

# Set up and play a game of Plump in the terminal against three bots.
play:
	@[ -x .venv/bin/stickspel ] || (python3 -m venv .venv && .venv/bin/python -m pip install -q -e .)
	.venv/bin/stickspel play plump

# Set up and run the whole test suite (ruff, mypy, pytest).
test:
	./scripts/test.sh

bench:
	@[ -x .venv/bin/python ] || (python3 -m venv .venv && .venv/bin/python -m pip install -q -e '.[test,bench]')
	.venv/bin/python benchmarks/bench_plump.py
