"""Every stickspel game and preset as an OpenSpiel game.

:func:`register_games` registers ``python_stickspel_plump``,
``python_stickspel_priffe`` and ``python_stickspel_tremanswhist`` (every
rules option a game parameter, and ``preset``), and one short name per
preset (``python_stickspel_plump_children`` …), so that
``pyspiel.load_game("python_stickspel_plump(players=3,max_cards=1)")`` works
and OpenSpiel's algorithms run on them unchanged.

Design choices (docs/research.md says more):

- **Chance is dealt card by card.**  OpenSpiel's algorithms (MCTS, MCCFR,
  ``random_sim_test``) want explicit chance outcomes with probabilities; a whole
  deal as one outcome would list ~10^28 of them.  So a deal is a run of chance
  nodes, each drawing one of the cards not yet drawn with equal probability, that
  fill the deal's slots (each hand, the extra piles, the upcard) in a fixed
  order; when the last slot is filled the engine applies the whole deal.
- **Players are people.**  Priffe moves people between seats from one rubber to
  the next; OpenSpiel's player ``p`` is person ``p`` (``state.seating()``), so
  returns and observations follow the person.
- **Terminal rewards**: ``returns()`` are each person's totals at the end (0
  before), as OpenSpiel's MCTS and MCCFR require; the PettingZoo environments give
  each deal's points as they are scored.
- **Information states** are perfect recall: the seat's observation after every
  action, chained (a SHA-256 chain, so the string stays short); observations are
  the engine's own per-seat ``information_state_string`` and tensor.
- **Open-ended games are capped** because OpenSpiel needs a bound on the game
  length: the Tremanswhist main game gets ``max_deals=100`` by default here, and
  Plump's ``tie_break`` counts at most the engine's tie-break deals (each game's
  bounds are its spec's ``openspiel``, :mod:`stickspel.interop.bounds`).

>>> import pyspiel
>>> names = register_games()
>>> game = pyspiel.load_game("python_stickspel_plump(players=3,max_cards=2,deal_order=single)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 70, 52)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from typing import Any

import numpy as np
import pyspiel

from stickspel.core import CHANCE, TERMINAL, Deal, GameState, Rules
from stickspel.games.registry import GAMES
from stickspel.games.spec import GameSpec
from stickspel.i18n import game_title
from stickspel.interop.bounds import bounds_of

__all__ = ["register_games", "spiel_name", "GAME_PREFIX"]

GAME_PREFIX = "python_stickspel_"

_registered: list[str] = []


def spiel_name(game: str, preset: str | None = None) -> str:
    """The OpenSpiel short name of ``game`` (and ``preset``).

    >>> spiel_name("plump"), spiel_name("plump", "children")
    ('python_stickspel_plump', 'python_stickspel_plump_children')
    """
    return GAME_PREFIX + game + (f"_{preset}" if preset else "")


# --- parameters ------------------------------------------------------------------------
def _parameter_spec(spec: GameSpec, preset: str | None) -> dict[str, Any]:
    """Every rules option as an OpenSpiel parameter (int/bool/str), defaults from the
    preset.  ``None`` options are ints with 0 meaning "none"; tuples are "a/b/c"."""
    base = spec.rules.preset(preset) if preset else spec.rules()
    caps = bounds_of(spec).caps  # the options left open that OpenSpiel needs finite
    out: dict[str, Any] = {}
    for f in dataclasses.fields(base):
        value = getattr(base, f.name)
        if value is None and f.name in caps:
            value = caps[f.name]
        out[f.name] = _to_param(f.type, value)
    return out


def _to_param(typ: Any, value: Any) -> Any:
    if "None" in str(typ):
        return 0 if value is None else int(value)
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return value


def _rules_from_params(spec: GameSpec, params: dict[str, Any]) -> Rules:
    types = {f.name: f.type for f in dataclasses.fields(spec.rules)}
    texts: dict[str, str] = {}
    for name, value in params.items():
        if "None" in str(types[name]) and value == 0:
            texts[name] = "none"
        elif isinstance(value, bool):
            texts[name] = "true" if value else "false"
        else:
            texts[name] = str(value)
    return spec.rules.from_strings(texts)


# --- bounds ----------------------------------------------------------------------------
def _deal_shape(state: GameState) -> Deal:
    """A deal sampled only for its shape (how many cards each hand, pile and the
    upcard take); its cards are thrown away."""
    return state.sample_deal(random.Random(0))  # type: ignore[attr-defined, no-any-return]


def _deal_size(shape: Deal) -> int:
    """Cards drawn by chance in a deal of ``shape``."""
    apart = shape.upcard is not None and _upcard_position(shape) is None
    return sum(map(len, shape.hands)) + sum(map(len, shape.extra)) + apart


# --- game ------------------------------------------------------------------------------
def _game_type(spec: GameSpec, preset: str | None) -> pyspiel.GameType:
    players = bounds_of(spec).players or [spec.state().num_players]
    title = game_title(spec.name, "en") + (f" ({preset})" if preset else "")
    return pyspiel.GameType(
        short_name=spiel_name(spec.name, preset),
        long_name=f"stickspel {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(spec, preset),
    )


def _game_class(spec: GameSpec, preset: str | None) -> type[pyspiel.Game]:
    game_type = _game_type(spec, preset)

    class StickspelGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            full = {**game_type.parameter_specification, **(params or {})}
            plain = {k: (v.value() if hasattr(v, "value") else v) for k, v in full.items()}
            self.rules = _rules_from_params(spec, plain)
            self.spec = spec
            probe = spec.state(self.rules)  # type: ignore[call-arg]
            info = probe.game_info(self.rules)
            bounds = bounds_of(spec)
            deals = bounds.deal_count(self.rules, info.max_game_length)
            low, high = bounds.utility_bounds(self.rules, deals)
            self.observation_shape = info.observation_shape
            self.num_seats = info.num_players
            super().__init__(
                game_type,
                pyspiel.GameInfo(
                    num_distinct_actions=info.num_distinct_actions,
                    max_chance_outcomes=52,
                    num_players=info.num_players,
                    min_utility=low,
                    max_utility=high,
                    max_game_length=info.max_game_length + deals * _deal_size(_deal_shape(probe)),
                ),
                plain,
            )

        def new_initial_state(self) -> SpielState:
            return SpielState(self, self.spec.state(self.rules))  # type: ignore[call-arg]

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> SpielObserver:
            recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
            return SpielObserver(self.observation_shape, recall)

    StickspelGame.__name__ = f"StickspelGame_{game_type.short_name}"
    return StickspelGame


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state; chance deals card by card."""

    def __init__(self, game: pyspiel.Game, inner: GameState) -> None:
        super().__init__(game)
        self.inner = inner
        self._drawn: list[int] = []
        self._shape: Deal | None = None  # the deal being drawn: a sample, for its shape
        self._recall = [""] * inner.num_players
        self._update_recall()

    # whose turn ------------------------------------------------------------------------
    def current_player(self) -> int:
        seat = self.inner.current_player()
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.inner.seating()[seat]

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(52)) - set(self._drawn))
        return [(c, 1.0 / len(left)) for c in left]

    # moves -----------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._draw(action)
        else:
            self.inner.apply_action(action)
        self._update_recall()

    def _draw(self, card: int) -> None:
        if self._shape is None:
            self._shape = _deal_shape(self.inner)
        self._drawn.append(card)
        if len(self._drawn) == _deal_size(self._shape):
            deal = _fill(self._shape, self._drawn)
            self._drawn, self._shape = [], None
            self.inner.apply_deal(deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            from stickspel.core.cards import card_str

            return f"Deal:{card_str(action)}"
        return self.inner.action_to_string(action)

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():  # terminal rewards: the totals at the end
            return [0.0] * self.inner.num_players
        return self.inner.returns()

    def __str__(self) -> str:
        items = self.inner.history()
        text = " ".join(str(x) if isinstance(x, int) else "deal" for x in items)
        return f"{self.inner.rules.to_text()}: {text} drawn={len(self._drawn)}"

    # information -----------------------------------------------------------------------
    def seat_of(self, person: int) -> int:
        return self.inner.seating().index(person)

    def _update_recall(self) -> None:
        if self._drawn:  # cards being dealt are seen when the deal is complete
            return
        for person in range(len(self._recall)):
            view = self.inner.information_state_string(self.seat_of(person))
            chain = hashlib.sha256((self._recall[person] + view).encode()).hexdigest()
            self._recall[person] = chain


def _fill(shape: Deal, cards: list[int]) -> Deal:
    """``cards`` in drawing order poured into the slots of ``shape``: each hand, then
    each extra pile, then the upcard — unless the upcard is one of the dealt cards
    (Tremanswhist turns the fourth pile's last card): then it is that card."""
    it = iter(cards)
    hands = tuple(tuple(next(it) for _ in h) for h in shape.hands)
    extra = tuple(tuple(next(it) for _ in p) for p in shape.extra)
    at = _upcard_position(shape)
    if shape.upcard is None:
        upcard = None
    elif at is None:
        upcard = next(it)
    else:
        upcard = cards[at]
    return Deal(hands, extra, upcard)


def _upcard_position(shape: Deal) -> int | None:
    """Where among the dealt cards the upcard lies, or ``None`` if it is drawn apart."""
    dealt = [c for part in (*shape.hands, *shape.extra) for c in part]
    return dealt.index(shape.upcard) if shape.upcard in dealt else None


class SpielObserver:
    """OpenSpiel's observer protocol over the engine's per-seat view: the tensor is
    ``observation_tensor``; the string is ``information_state_string`` (or, for a
    perfect-recall observer, that chained over every step)."""

    def __init__(self, shape: tuple[int, ...], perfect_recall: bool) -> None:
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.perfect_recall = perfect_recall

    def set_from(self, state: SpielState, player: int) -> None:
        seat = state.seat_of(player)
        self.tensor[:] = state.inner.observation_tensor(seat).ravel()

    def string_from(self, state: SpielState, player: int) -> str:
        view = state.inner.information_state_string(state.seat_of(player))
        if self.perfect_recall:
            return f"p{player} {state._recall[player]} {view}"
        return f"p{player} {view}"


def register_games() -> list[str]:
    """Register every game and preset with OpenSpiel (once); the short names."""
    if _registered:
        return list(_registered)
    for spec in GAMES.values():
        for preset in (None, *spec.rules.PRESETS):
            if preset == "standard":
                continue
            game_class = _game_class(spec, preset)
            pyspiel.register_game(_game_type(spec, preset), game_class)
            _registered.append(spiel_name(spec.name, preset))
    return list(_registered)
