"""Bots: players that choose an action for the seat to act.

A bot sees only what its seat may see: it is handed a :class:`~stickspel.core.turn.Turn` (the seat,
its observation and the legal actions, and its :class:`~stickspel.core.turn.InformationSet`: the
worlds the seat cannot tell from the real one, dealt from what it knows),
never the state.  Every game offers
``random``, ``heuristic`` (its rule-based bot) and the levels a player picks,
``beginner``, ``intermediate`` and ``expert`` (:mod:`stickspel.bots.expert`:
the heuristic that slips, shallow search, full search); each game's own bots
are its spec's ``bots`` (``games/<game>/bot.py``'s ``BOTS``, name → class).  The
levels think for ``think_ms`` milliseconds a decision (:func:`make_bot`).

>>> from stickspel.games.plump import PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState()
>>> _ = state.apply_chance(make_rng(3))
>>> bot = make_bot("plump", "random", seed=1)
>>> bot.act(Turn.of(state)) in state.legal_actions()
True
"""

from __future__ import annotations

from stickspel.bots.expert import level_bots
from stickspel.bots.registry import RandomBot, game_bots
from stickspel.core import RulesError
from stickspel.core.turn import Bot, InformationSet, Turn

__all__ = ["Bot", "Turn", "InformationSet", "RandomBot", "make_bot", "bot_names", "LEVELS"]


def _game_bots(game: str) -> dict[str, type]:
    return {**game_bots(game), **level_bots()}


def bot_names(game: str) -> list[str]:
    """The bot kinds offered for ``game``."""
    return list(_game_bots(game))


#: The bot kinds that think for a time budget (``think_ms``).
LEVELS = ("beginner", "intermediate", "expert")


def make_bot(
    game: str, kind: str, seed: int | None = None, *, think_ms: float | None = None
) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic``, ``beginner``, ``intermediate``,
    ``expert``) for ``game``; ``think_ms`` sets a level's time per decision (its
    default when ``None``; the other kinds answer at once and ignore it)."""
    bots = _game_bots(game)
    if kind not in bots:
        raise RulesError("bots.no_such_bot", kind=kind, game=game, bots=", ".join(bots))
    if think_ms is not None and think_ms < 0:
        raise RulesError("bots.think_ms", value=think_ms)
    if kind in LEVELS:
        level: Bot = bots[kind](seed=seed, think_ms=think_ms)
        return level
    bot: Bot = bots[kind](seed=seed)
    return bot
