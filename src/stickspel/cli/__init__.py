"""The command line: ``stickspel play | simulate | match | replay | rules | protokoll``."""

from stickspel.cli.app import app, main, rules_markdown

__all__ = ["app", "main", "rules_markdown"]
