"""The ``stickspel`` command line: play in the terminal, simulate, replay, rules,
protokoll, match, research and serve, each command in its own module (what they
share is in :mod:`stickspel.cli.common`).

Every game command is generic over :data:`stickspel.games.GAMES`: ``play`` and
``simulate`` get one sub-command per registered game, with that game's rules
options generated from its :class:`~stickspel.core.Rules` fields.

Swedish by default, English with ``--lang en``.
"""

from __future__ import annotations

import typer

from stickspel.cli.analyse import analyse_command
from stickspel.cli.match import match_app
from stickspel.cli.play import play_app
from stickspel.cli.protokoll import protokoll_app
from stickspel.cli.replay import replay_command
from stickspel.cli.rules import rules_command
from stickspel.cli.serve import serve_command
from stickspel.cli.simulate import simulate_app
from stickspel.cli.tournament import selfplay_app, tournament_command

__all__ = ["app", "main"]

app = typer.Typer(
    name="stickspel",
    help="Swedish trick-taking card games: Plump, Priffe, Tremanswhist.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(play_app, name="play")
app.add_typer(simulate_app, name="simulate")
app.command("replay")(replay_command)
app.command("rules")(rules_command)
app.add_typer(protokoll_app, name="protokoll")
app.add_typer(match_app, name="match")
app.command("tournament")(tournament_command)
app.command("analyse")(analyse_command)
app.add_typer(selfplay_app, name="selfplay")
app.command("serve")(serve_command)


def main() -> None:
    """The ``stickspel`` console script."""
    app()
