"""Independent referees: record checkers written from RULES.md and RECORD-FORMAT.md alone.

They must not import ``stickspel``: they are a second reading of the rules that
the engine's records have to satisfy.
"""
