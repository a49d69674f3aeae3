"""Högsta stick: a small trick game that exists to show, and test, that a game is one
package (docs/adding-a-game.md follows it step by step).  Not shipped: the tests
register it with :func:`stickspel.games.register`."""

from stickspel.games.spec import GameSpec
from tests.hogsta.rules import HogstaRules
from tests.hogsta.state import HogstaState


def _codec() -> object:
    from tests.hogsta.codec import CODEC

    return CODEC


def _view() -> object:
    from tests.hogsta import view

    return view


def _protokoll() -> object:
    from tests.hogsta import protokoll

    return protokoll


def _bots() -> object:
    from tests.hogsta.bot import BOTS

    return BOTS


SPEC = GameSpec(
    "hogsta", HogstaRules, HogstaState, codec=_codec, view=_view, protokoll=_protokoll, bots=_bots
)
