"""The command line: ``stickspel play | simulate | replay | rules | protokoll``."""

from stickspel.cli.app import _as_seen_by, app, main, rules_markdown

__all__ = ["_as_seen_by", "app", "main", "rules_markdown"]
