"""The command line: ``stickspel play | simulate | match | replay | rules | protokoll``."""

from stickspel.cli.app import app, main
from stickspel.cli.rules import rules_markdown

__all__ = ["app", "main", "rules_markdown"]
