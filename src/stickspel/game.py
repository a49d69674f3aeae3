"""The one game interface every game implements, its errors and the rules-options base.

Modelled on OpenSpiel: a state has a current player (or :data:`CHANCE` when
cards are to be dealt, :data:`TERMINAL` at the end), integer legal actions with a
canonical text form, :meth:`GameState.apply_action`, per-seat observations that
hide what a seat may not see, and returns.  A whole game (*parti*) is one state.

Actions are ints: ``0 … 51`` play (or, where a game says so, put away) that card;
each game numbers its calls from :data:`CALL_BASE` up.

Dealing is a chance node: :meth:`GameState.apply_chance` shuffles with a given
generator (seeded for simulations, :class:`random.SystemRandom` for live games);
:meth:`GameState.apply_deal` applies a known :class:`Deal` (records, search bots).
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from .cards import (
    SUIT_MASKS,
    CardError,
    card_display,
    card_str,
    parse_card,
    suit_display,
    suit_of,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CALL_BASE",
    "StickspelError",
    "error_text",
    "RulesError",
    "InvalidActionError",
    "IllegalActionError",
    "Deal",
    "Rules",
    "option",
    "GameState",
    "TrickGameState",
    "check_dealt",
]

CHANCE = -1
TERMINAL = -4
_CARD_NAMES = tuple(card_str(c) for c in range(52))
CALL_BASE = 52


class StickspelError(Exception):
    """Base of every error this package raises on purpose.

    ``str(e)`` is the English message; ``sv`` is the same message in Swedish
    where one was given, and :meth:`text` picks by UI language.

    >>> e = RulesError("option x: 'y' is not a whole number", sv="x: 'y' är inget heltal")
    >>> e.text("sv"), e.text("en")
    ("x: 'y' är inget heltal", "option x: 'y' is not a whole number")
    >>> RulesError("only English").text("sv")
    'only English'
    """

    sv: str | None = None

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"sv"`` or ``"en"``), English where no Swedish exists."""
        return error_text(self, lang)


def error_text(error: BaseException, lang: str) -> str:
    """Any exception's message in ``lang``: its Swedish ``sv`` text when ``lang`` is
    ``"sv"`` and it has one, else ``str(error)``."""
    sv = getattr(error, "sv", None)
    return sv if lang == "sv" and sv else str(error)


class RulesError(StickspelError, ValueError):
    """A rules option or combination of options that is not allowed."""

    def __init__(self, message: str, *, sv: str | None = None) -> None:
        super().__init__(message)
        self.sv = sv


class InvalidActionError(StickspelError, ValueError):
    """Text that is not an action of this game in any accepted form."""

    def __init__(self, message: str, *, sv: str | None = None) -> None:
        super().__init__(message)
        self.sv = sv


class IllegalActionError(StickspelError, ValueError):
    """A well-formed action the rules do not allow now.

    ``rule`` is a short stable name of the rule broken (``"follow_suit"``,
    ``"sparr"``, ``"not_your_turn"``, ``"card_not_held"`` …) and ``seat`` the
    seat that tried it; ``sv`` the message in Swedish.
    """

    def __init__(
        self, message: str, *, rule: str, seat: int | None = None, sv: str | None = None
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat
        self.sv = sv


def option(default: Any, help: str, source: str, choices: Sequence[Any] | None = None) -> Any:
    """A rules option: its default, a one-line help text, its source (seed file or
    RULES.md) and, for text options, the allowed values."""
    return field(default=default, metadata={"help": help, "source": source, "choices": choices})


def _parse_value(name: str, raw: str, typ: Any) -> Any:
    text = raw.strip()
    low = text.lower()
    if typ in ("bool", bool):
        if low in ("true", "yes", "on", "1", "ja"):
            return True
        if low in ("false", "no", "off", "0", "nej"):
            return False
        raise RulesError(
            f"option {name}: {raw!r} is not true or false",
            sv=f"regeln {name}: {raw!r} är varken ja eller nej",
        )
    if typ in ("int", int, "int | None"):
        if low in ("none", "default", "") and "None" in str(typ):
            return None
        try:
            return int(text)
        except ValueError:
            raise RulesError(
                f"option {name}: {raw!r} is not a whole number",
                sv=f"regeln {name}: {raw!r} är inget heltal",
            ) from None
    if "tuple" in str(typ):
        try:
            return tuple(int(x) for x in text.replace("/", " ").replace(";", " ").split())
        except ValueError:
            raise RulesError(
                f"option {name}: {raw!r} is not whole numbers separated by / (e.g. 2/6/7)",
                sv=f"regeln {name}: {raw!r} är inte heltal åtskilda med / (t.ex. 2/6/7)",
            ) from None
    return text


@dataclass(frozen=True)
class Rules:
    """Base of each game's frozen rules options.

    Subclasses declare their options with :func:`option`, set :attr:`GAME` and
    :attr:`PRESETS`, and check combinations in :meth:`validate`.  Values are
    checked at construction; a bad one raises :class:`RulesError` saying which
    option and what is allowed.  The canonical text form ``game(opt=value,…)``
    lists the options that differ from the defaults and parses back.
    """

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise RulesError(
                    f"option {f.name}: {value!r} is not one of {allowed}",
                    sv=f"regeln {f.name}: {value!r} är inte något av {allowed}",
                )
            expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            if expected == "bool" and not isinstance(value, bool):
                raise RulesError(
                    f"option {f.name}: {value!r} is not true or false",
                    sv=f"regeln {f.name}: {value!r} är varken ja eller nej",
                )
            if expected == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(
                    f"option {f.name}: {value!r} is not a whole number",
                    sv=f"regeln {f.name}: {value!r} är inget heltal",
                )
        self.validate()

    def validate(self) -> None:
        """Check combinations of options; raise :class:`RulesError` if bad."""

    # --- construction -------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """The named preset, with any options overridden."""
        key = name.replace("-", "_").lower()
        if key not in cls.PRESETS:
            raise RulesError(
                f"{cls.GAME} has no preset {name!r}; presets: {', '.join(cls.PRESETS)}",
                sv=f"{cls.GAME} har ingen förinställning {name!r}; "
                f"förinställningar: {', '.join(cls.PRESETS)}",
            )
        return cls.from_dict({**cls.PRESETS[key], **overrides})

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Self:
        """Rules from option values (as in a record's ``variant``); unknown names are errors."""
        names = cls.option_names()
        unknown = [k for k in values if k not in names]
        if unknown:
            raise RulesError(
                f"{cls.GAME} has no option {unknown[0]!r}; options: {', '.join(names)}",
                sv=f"{cls.GAME} har ingen regel {unknown[0]!r}; regler: {', '.join(names)}",
            )
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        clean = {}
        for k, v in values.items():
            if isinstance(v, list):
                v = tuple(v)
            if isinstance(v, str) and str(types[k]) not in ("str",):
                v = _parse_value(k, v, types[k])
            clean[k] = v
        return cls(**clean)

    @classmethod
    def from_strings(cls, values: dict[str, str], preset: str | None = None) -> Self:
        """Rules from option texts as typed on a command line (``sparr=false``)."""
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        parsed: dict[str, Any] = {}
        for raw_key, raw in values.items():
            k = raw_key.replace("-", "_").lower()
            if k not in types:
                raise RulesError(
                    f"{cls.GAME} has no option {raw_key!r}; options: {', '.join(types)}",
                    sv=f"{cls.GAME} har ingen regel {raw_key!r}; regler: {', '.join(types)}",
                )
            parsed[k] = _parse_value(k, raw, types[k])
        if preset:
            return cls.preset(preset, **parsed)
        return cls.from_dict(parsed)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse the canonical text form.

        The form is ``game(name=value,…)`` or just ``game``; a preset name may
        stand first inside the parentheses.
        """
        t = text.strip()
        head, _, rest = t.partition("(")
        if head.strip() != cls.GAME:
            raise RulesError(
                f"{text!r} is not a {cls.GAME} rules text",
                sv=f"{text!r} är ingen regeltext för {cls.GAME}",
            )
        body = rest.rstrip(")").strip()
        values: dict[str, str] = {}
        preset = None
        for part in filter(None, (p.strip() for p in body.split(","))):
            if "=" not in part:
                if preset is None and not values:
                    preset = part
                    continue
                raise RulesError(f"{part!r} is not name=value", sv=f"{part!r} är inte namn=värde")
            k, _, v = part.partition("=")
            values[k.strip()] = v.strip()
        return cls.from_strings(values, preset)

    # --- output -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every option, defaults included (the record's ``variant``)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def to_text(self) -> str:
        """The canonical text form: options that differ from the defaults."""
        parts = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v != f.default:
                if isinstance(v, bool):
                    s = "true" if v else "false"
                elif isinstance(v, tuple):
                    s = "/".join(str(x) for x in v)
                else:
                    s = str(v)
                parts.append(f"{f.name}={s}")
        return f"{self.GAME}({','.join(parts)})" if parts else self.GAME

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True)
class Deal:
    """The outcome of the chance node that deals: each seat's cards as dealt,
    cards dealt to no seat (``extra`` piles, in pile order) and the upcard."""

    hands: tuple[tuple[int, ...], ...]
    extra: tuple[tuple[int, ...], ...] = ()
    upcard: int | None = None

    def to_text(self) -> str:
        """Hands separated by ``/``, then ``|`` extra piles, then ``^`` upcard.

        >>> d = Deal(((51, 0), (13,)), upcard=25)
        >>> d.to_text()
        'AS 2C/2D^AD'
        >>> Deal.parse(d.to_text()) == d
        True
        """
        text = "/".join(" ".join(card_str(c) for c in h) for h in self.hands)
        if self.extra:
            text += "|" + "/".join(" ".join(card_str(c) for c in p) for p in self.extra)
        if self.upcard is not None:
            text += "^" + card_str(self.upcard)
        return text

    @classmethod
    def parse(cls, text: str) -> Deal:
        body, _, up = text.partition("^")
        hands_text, _, extra_text = body.partition("|")
        try:
            hands = tuple(tuple(parse_card(c) for c in h.split()) for h in hands_text.split("/"))
            extra = (
                tuple(tuple(parse_card(c) for c in p.split()) for p in extra_text.split("/"))
                if extra_text
                else ()
            )
            upcard = parse_card(up) if up.strip() else None
        except CardError as e:
            raise InvalidActionError(
                f"bad deal text: {e}", sv=f"felaktig giv: {error_text(e, 'sv')}"
            ) from None
        return cls(hands, extra, upcard)


class GameState(ABC):
    """A position in a whole game of one of our games.

    Mutable for speed (like OpenSpiel's ``State`` and python-chess's ``Board``);
    :meth:`clone` gives an independent copy.
    """

    GAME: ClassVar[str]
    rules: Rules
    num_players: int
    #: Finished deals in record form (each with its ``result``).
    history: list[dict[str, Any]]
    #: Each player's total so far.
    totals: list[int]
    #: Completed tricks of the current (or just finished) deal: leader, cards, winner.
    tricks: list[tuple[int, tuple[int, ...], int]]
    #: The mutable list attributes :meth:`clone` must copy.
    CLONE_LISTS: ClassVar[tuple[str, ...]] = ()

    # --- whose turn ---------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` before a deal, :data:`TERMINAL` at the end."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # --- actions ------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions the current player may take, ascending; ``[]`` at chance or terminal."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Apply a legal action of the current player or raise :class:`IllegalActionError`."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The canonical text of an action (``'AS'``, ``'3'``, ``'hjärter'``)."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse an action's text in any accepted form or raise :class:`InvalidActionError`."""

    def apply_text(self, text: str) -> int:
        """Parse and apply an action; returns the action applied."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def legal_mask(self) -> list[int]:
        """Action mask over :attr:`num_distinct_actions` (1 = legal), as RL expects."""
        mask = [0] * self.num_distinct_actions()
        for a in self.legal_actions():
            mask[a] = 1
        return mask

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of this game's action space."""

    # --- chance ---------------------------------------------------------------
    @abstractmethod
    def sample_deal(self, rng: random.Random) -> Deal:
        """Draw the next deal from ``rng`` (without applying it)."""

    @abstractmethod
    def apply_deal(self, deal: Deal) -> None:
        """Apply a known deal at a chance node; checks sizes and that all cards are distinct."""

    def apply_chance(self, rng: random.Random) -> Deal:
        """Deal from ``rng`` and return what was dealt."""
        deal = self.sample_deal(rng)
        self.apply_deal(deal)
        return deal

    def apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """Apply a deal played with real cards, as a scorekeeper was told it.

        ``deal`` is a record deal without ``hands``/``tricks``: the dealer, the
        calls and ``result`` with what each seat reported.  Everything that can
        be checked without the cards is checked (turn order, calls, sums) and
        the deal is scored; :class:`IllegalActionError` names what is wrong.
        """
        raise IllegalActionError(
            f"{self.GAME} cannot take a deal without cards",
            rule="no_cards",
            sv=f"{self.GAME} kan inte ta emot en giv utan kort",
        )

    # --- information ----------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now, as plain JSON data; never another seat's hidden cards."""

    def information_state_string(self, seat: int) -> str:
        """A canonical text of :meth:`observation` (equal for positions ``seat`` cannot tell apart)."""
        import json

        return json.dumps(self.observation(seat), sort_keys=True, ensure_ascii=False)

    def last_trick(self) -> tuple[int, tuple[int, ...], int] | None:
        """The last completed trick of the current (or just finished) deal: leader, cards, winner."""
        return self.tricks[-1] if self.tricks else None

    def returns(self) -> list[float]:
        """Each player's score so far (final at the end), from :attr:`totals`."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """Those with the highest total at the end (more than one only for a shared win)."""
        if not self.is_terminal():
            return []
        top = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == top]

    def clone(self) -> Self:
        """An independent copy: the lists named in :attr:`CLONE_LISTS` are copied, the
        rest (ints, tuples, rules, finished records) is shared because it is never mutated."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        for name in self.CLONE_LISTS:
            setattr(new, name, list(getattr(self, name)))
        return new

    @abstractmethod
    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        """The current deal in record form (``result`` given once it is scored)."""

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The game so far as a ``stickspel/1`` record: finished deals, the deal in
        progress (unfinished, without ``result``), totals and, at the end, the winner."""
        names = list(players) if players else [f"Spelare {i + 1}" for i in range(self.num_players)]
        deals = list(self.history)
        if not (self.is_chance() or self.is_terminal()):
            deals.append(self._deal_record(None))
        doc: dict[str, Any] = {
            "format": "stickspel/1",
            "game": self.GAME,
            "variant": self.rules.to_dict(),
            "players": names,
            "deals": deals,
            "totals": list(self.totals),
        }
        if self.is_terminal():
            doc["winner"] = self.winners()
        return doc


def check_dealt(
    piles: Sequence[Sequence[int]],
    size: int,
    seats: int,
    extra_name: tuple[str, str] = ("an extra pile", "en extra hög"),
) -> int:
    """Check a deal's piles (the seats' hands, then any piles held by no seat): each of
    ``size`` cards and no card dealt twice.  Returns the mask of all cards dealt.

    >>> check_dealt([(0, 1), (2, 3)], 2, 2) == 0b1111
    True
    >>> check_dealt([(0, 1), (1, 3)], 2, 2)
    Traceback (most recent call last):
    ...
    stickspel.game.IllegalActionError: 3C is dealt twice
    """
    seen = 0
    for k, cards in enumerate(piles):
        seat = k if k < seats else None
        if len(cards) != size:
            en, sv = (f"seat {k}", f"plats {k}") if seat is not None else extra_name
            raise IllegalActionError(
                f"{en} was dealt {len(cards)} cards, this deal has {size}",
                rule="hand_size",
                seat=seat,
                sv=f"{sv} fick {len(cards)} kort, given har {size}",
            )
        for c in cards:
            if seen >> c & 1:
                raise IllegalActionError(
                    f"{card_str(c)} is dealt twice",
                    rule="duplicate_card",
                    seat=seat,
                    sv=f"{card_display(c, 'sv')} är givet två gånger",
                )
            seen |= 1 << c
    return seen


class TrickGameState(GameState):
    """The trick play every game shares: a card held, follow suit, an optional duty
    to trump, the trick's winner leading the next, the deal ending with the hands.

    A game keeps ``hands`` (bitmasks by seat), ``trick`` (cards of the trick in
    progress), ``trump`` (a suit or ``None``), ``current`` (the seat to play) and
    implements :meth:`_finish_deal`; it calls :meth:`_play_card` in its play phase.
    """

    #: Void in the suit led, a player holding trump must play one (Tremanswhist).
    MUST_TRUMP: ClassVar[bool] = False

    hands: list[int]
    trick: list[int]
    trump: int | None
    current: int
    leader: int
    best_card: int
    best_seat: int
    tricks_won: list[int]

    @abstractmethod
    def _finish_deal(self) -> None:
        """Score the deal whose last trick was just taken."""

    def _not_a_card(self, seat: int, action: int) -> IllegalActionError:
        text = self.action_to_string(action)
        return IllegalActionError(
            f"seat {seat} must play a card now, not {text}",
            rule="not_a_card",
            seat=seat,
            sv=f"plats {seat} ska spela ett kort nu, inte {text}",
        )

    def _play_card(self, p: int, card: int) -> None:
        """Seat ``p`` plays ``card`` to the trick, or :class:`IllegalActionError` says why not."""
        if not 0 <= card < 52:
            raise self._not_a_card(p, card)
        hand = self.hands[p]
        bit = 1 << card
        if not hand & bit:
            raise IllegalActionError(
                f"seat {p} does not hold {card_str(card)}",
                rule="card_not_held",
                seat=p,
                sv=f"plats {p} har inte {card_display(card, 'sv')}",
            )
        trick = self.trick
        if trick:
            s, led = suit_of(card), suit_of(trick[0])
            if s != led:
                self._check_void_play(p, hand, card, led)
            best = self.best_card
            if (s == suit_of(best) and card > best) or (s == self.trump and suit_of(best) != s):
                self.best_card = card
                self.best_seat = p
        else:
            self.leader = p
            self.best_card = card
            self.best_seat = p
        self.hands[p] = hand ^ bit
        trick.append(card)
        if len(trick) == self.num_players:
            w = self.best_seat
            self.tricks_won[w] += 1
            self.tricks.append((self.leader, tuple(trick), w))
            self.trick = []
            self.current = w
            if not self.hands[w]:
                self._finish_deal()
        else:
            self.current = (p + 1) % self.num_players

    def _check_void_play(self, p: int, hand: int, card: int, led: int) -> None:
        if hand & SUIT_MASKS[led]:
            raise IllegalActionError(
                f"seat {p} must follow suit ({'CDHS'[led]} led) and may not play {card_str(card)}",
                rule="follow_suit",
                seat=p,
                sv=f"plats {p} måste följa färg ({suit_display(led, 'sv')} är spelat)"
                f" och får inte spela {card_display(card, 'sv')}",
            )
        t = self.trump
        if self.MUST_TRUMP and t is not None and suit_of(card) != t and hand & SUIT_MASKS[t]:
            raise IllegalActionError(
                f"seat {p} is void in {'CDHS'[led]} and holds trump ({'CDHS'[t]}): "
                f"it must trump and may not play {card_str(card)}",
                rule="duty_to_trump",
                seat=p,
                sv=f"plats {p} är renons i {suit_display(led, 'sv')} och har trumf "
                f"({suit_display(t, 'sv')}): den måste trumfa och får inte spela "
                f"{card_display(card, 'sv')}",
            )

    def _tricks_record(self) -> list[dict[str, Any]]:
        """The deal's tricks in record form, the one in progress last (without a winner)."""
        names = _CARD_NAMES
        out: list[dict[str, Any]] = [
            {"leader": lead, "cards": [names[c] for c in cs], "winner": w}
            for lead, cs, w in self.tricks
        ]
        if self.trick:
            out.append({"leader": self.leader, "cards": [names[c] for c in self.trick]})
        return out
