"""``stickspel play <game>``: a game in the terminal against bots, one sub-command
per registered game.  A game's terminal view, bots and protokoll are the parts its
spec names (``games/<game>/view.py``, ``bot.py``, ``protokoll.py``).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from stickspel.cli.common import (
    announce_end,
    build_rules,
    check_lang,
    cli_text,
    fail,
    new_console,
    option_param,
    program_command,
    register_per_game,
    rules_from_options,
    show_sheet,
    split_kwargs,
    think_ms_param,
    value_text,
)
from stickspel.core import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    error_text,
)
from stickspel.games import GameSpec, game_spec
from stickspel.i18n import game_title

if TYPE_CHECKING:
    import random

    from rich.console import Console

    from stickspel.records import Replay
    from stickspel.table import Person, Table


play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)


BOT_NAMES = ("Anna", "Björn", "Cissi", "David", "Eva", "Filip", "Greta", "Hugo", "Ida", "Jonas")


RECORD_DIR = Path("stickspel-records")


FORCED_PAUSE = 1.0  # seconds a forced card is shown before it is played (at a terminal)


def _view(game: str) -> Any:
    from stickspel.views import view_of

    return view_of(game) or _PlainView


class _PlainView:
    """For a game without a terminal view yet: its observation as plain lines."""

    @staticmethod
    def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> Any:
        from rich.text import Text

        return Text("\n".join(f"{k}: {v}" for k, v in obs.items()))

    @staticmethod
    def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
        return cli_text(lang, "your_move")


def _bots_for(
    game: str, text: str | None, n: int, human: int | None, think_ms: float | None = None
) -> list[Any]:
    """Bots for every seat but the human's: one kind for all, or one per seat."""
    from stickspel.bots import make_bot
    from stickspel.simulate import parse_bots

    others = n - (0 if human is None else 1)
    kinds_text = text or "heuristic"
    kinds = [k.strip() for k in kinds_text.split(",") if k.strip()]
    if human is not None and len(kinds) == others and others != 1:
        kinds.insert(human, kinds[0])  # a placeholder for the human's seat
    per_seat = parse_bots(game, kinds, n) if len(kinds) in (1, n) else None
    if per_seat is None:
        raise RulesError("cli.seat_bots_count", others=others, n=n)
    return [
        None if s == human else make_bot(game, k, think_ms=think_ms) for s, k in enumerate(per_seat)
    ]


def default_record_path(game: str, directory: Path = RECORD_DIR) -> Path:
    """A new time-stamped record file under ``directory``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game}-{stamp}.json"
    k = 2
    while path.exists():
        path = directory / f"{game}-{stamp}-{k}.json"
        k += 1
    return path


def _action_text(state: GameState, action: int, lang: str) -> str:
    from stickspel.core.cards import card_display

    return card_display(action, lang) if 0 <= action < 52 else state.action_to_string(action)


def _legal_text(state: GameState, legal: Sequence[int], obs: dict[str, Any], lang: str) -> str:
    from stickspel.core.cards import mask_of, parse_suit, sorted_for_display

    cards = [a for a in legal if a < 52]
    trump = None
    if obs.get("trump"):
        try:
            trump = parse_suit(str(obs["trump"]))
        except ValueError:
            trump = None
    ordered = sorted_for_display(mask_of(cards), trump) + [a for a in legal if a >= 52]
    return " ".join(_action_text(state, a, lang) for a in ordered)


def _output_problem(path: Path, lang: str, *, force: bool, ours: Path | None) -> str | None:
    """Why the game could not be saved at ``path`` (checked before anything is played).

    A file there is overwritten only if it is ``ours`` (the record being resumed)
    or with ``--force``.
    """
    import os

    if path.is_dir():
        return cli_text(lang, "out_is_dir", path=path)
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if parent.exists() and not parent.is_dir():
        return cli_text(lang, "out_under_file", path=path, parent=parent)
    if path.exists():
        if not (force or (ours is not None and path.resolve() == ours.resolve())):
            return cli_text(lang, "out_exists", path=path)
        if not os.access(path, os.W_OK):
            return cli_text(lang, "out_unwritable", path=path)
    if not os.access(parent, os.W_OK | os.X_OK):
        return cli_text(lang, "out_unwritable", path=path)
    return None


def _variant_clash(
    spec: GameSpec, rules: Rules, lang: str, common: dict[str, Any], variant: dict[str, Any]
) -> str | None:
    """The first rules option given on the command line that the resumed record does
    not have (the rules of a resumed game come from its record)."""
    try:
        wanted = rules_from_options(spec, variant, common.get("preset"), common.get("option"))
    except RulesError as e:
        return error_text(e, lang)
    names = {k for k, v in variant.items() if v is not None}
    names |= {o.partition("=")[0].strip() for o in common.get("option") or []}
    if common.get("preset"):
        names |= set(spec.rules.PRESETS.get(common["preset"], {}))
    have, want = rules.to_dict(), wanted.to_dict()
    for name in sorted(names):
        if name in have and have[name] != want.get(name):
            return f"{name}={value_text(want.get(name))}"
    return None


def _play(game: str, **kwargs: Any) -> None:
    from stickspel.core.cards import make_rng

    common, variant = split_kwargs(kwargs)
    lang = check_lang(common["lang"])
    console = new_console()
    seat = common["seat"]
    resume: Path | None = common["resume"]
    rng = make_rng(common["seed"])
    if resume is not None:
        resumed = _resume_game(console, game, lang, resume, common, variant)
        if resumed is None:  # the record's game is over: its protokoll was shown
            return
        state, players = resumed
        record_path = common["record"] or resume
    else:
        state, players = _new_game(game, lang, common, variant, rng, seat)
        record_path = common["record"]
    bots = _seat_bots(game, lang, state, seat, common["seat_bots"], common["think_ms"])
    path = record_path or default_record_path(game)
    problem = _output_problem(path, lang, force=common["force"], ours=resume)
    if problem is not None:
        raise fail(lang, problem)
    if resume is not None:
        console.print(cli_text(lang, "resumed", path=resume, deals=len(state.deal_records)))
    table, human = _open_table(state, players, seat, bots, rng, path)
    try:
        _loop(console, table, human, lang, game, common["auto_play"], common["hints"])
    except (KeyboardInterrupt, EOFError) as stop:
        raise _save_on_stop(console, table, lang, game, path, stop) from None
    _show_result(console, table, players, lang, path)


def _load_resumed(lang: str, resume: Path) -> tuple[dict[str, Any], Replay]:
    """The record to resume and its replay; a bad file fails with status 1."""
    from stickspel.records import RecordError, load_record, replay

    try:
        doc = load_record(resume)
        rep = replay(doc)
    except (RecordError, OSError) as e:
        raise fail(lang, error_text(e, lang), 1) from None
    except (ValueError, TypeError, KeyError) as e:  # a last net: one line, no traceback
        raise fail(lang, f"{resume}: {e}", 1) from None
    return doc, rep


def _resume_game(
    console: Console,
    game: str,
    lang: str,
    resume: Path,
    common: dict[str, Any],
    variant: dict[str, Any],
) -> tuple[GameState, list[str]] | None:
    """The state and players saved in ``resume``, or None if that game is already over."""
    doc, rep = _load_resumed(lang, resume)
    if rep.state.GAME != game:
        raise fail(lang, cli_text(lang, "wrong_game", path=resume, game=rep.state.GAME, want=game))
    if any("hands" not in d for d in doc.get("deals") or []):
        raise fail(lang, cli_text(lang, "hand_kept", path=resume), 1)
    state, players = rep.state, list(rep.players)
    clash = _variant_clash(game_spec(game), state.rules, lang, common, variant)
    if clash is not None:
        raise fail(
            lang,
            cli_text(lang, "wrong_variant", path=resume, rules=state.rules.to_text(), option=clash),
        )
    given = [k for k, v in variant.items() if v is not None] + list(common["option"] or [])
    if given or common["preset"]:
        console.print(cli_text(lang, "resume_rules"), style="yellow")
    if rep.finished:
        show_sheet(console, state, players, lang)
        console.print(cli_text(lang, "already_over", path=resume))
        return None
    return state, players


def _new_game(
    game: str,
    lang: str,
    common: dict[str, Any],
    variant: dict[str, Any],
    rng: random.Random,
    seat: int,
) -> tuple[GameState, list[str]]:
    """A fresh game from the command line's rules, with the human among the bots."""
    spec, rules = build_rules(game, lang, common, variant)
    probe = spec.state(rules)  # type: ignore[call-arg]
    n = probe.num_players
    state = spec.state(rules, first_dealer=rng.randrange(n))  # type: ignore[call-arg]
    me = common["name"] or cli_text(lang, "you")
    _check_player_name(lang, me)
    return state, _seat_names(me, seat, n)


def _check_player_name(lang: str, me: str) -> None:
    from stickspel.safetext import check_name

    bad_name = check_name(me)
    if bad_name is not None:
        from stickspel.i18n import render
        from stickspel.safetext import plain

        shown = plain(me, 40)
        raise fail(lang, render("cli.bad_name", {"name": shown, "why": bad_name}, lang))


def _seat_names(me: str, seat: int, n: int) -> list[str]:
    """The players in seat order: ``me`` at ``seat`` (if it exists), bots around."""
    names = [b for b in BOT_NAMES if b.lower() != me.lower()]
    if 0 <= seat < n:
        names = names[: n - 1]
        names.insert(seat, me)
    return names[:n]


def _seat_bots(
    game: str,
    lang: str,
    state: GameState,
    seat: int,
    seat_bots: str | None,
    think_ms: float | None = None,
) -> list[Any]:
    """The bots of the other seats; the human's seat must exist."""
    n = state.num_players
    if not 0 <= seat < n:
        raise fail(lang, cli_text(lang, "seat_range", last=n - 1, seat=seat))
    try:
        return _bots_for(game, seat_bots, n, seat, think_ms)
    except RulesError as e:
        raise fail(lang, error_text(e, lang)) from None


def _open_table(
    state: GameState,
    players: list[str],
    seat: int,
    bots: list[Any],
    rng: random.Random,
    path: Path,
) -> tuple[Table, Person]:
    """A table around ``state`` that autosaves to ``path``, and the human's person."""
    from stickspel.table import Person, Table

    persons = [Person(name, "human" if i == seat else "bot") for i, name in enumerate(players)]
    table = Table.from_state(
        state,
        persons,
        {p: bots[i] for i, p in enumerate(persons) if bots[i] is not None},
        rng=rng,
        autosave=path,
    )
    return table, persons[seat]


def _save_on_stop(
    console: Console, table: Table, lang: str, game: str, path: Path, stop: BaseException
) -> typer.Exit:
    """Save the game after q, Ctrl-C or end of input; the caller raises the returned Exit."""
    from stickspel.records import write_record

    write_record(table.to_record(), path, private=True)
    console.print()
    console.print(cli_text(lang, "saved", path=path), soft_wrap=True)
    hint = cli_text(lang, "resume_hint", program=program_command(), game=game, path=path)
    console.print(hint, soft_wrap=True)
    code = 130 if isinstance(stop, KeyboardInterrupt) and not isinstance(stop, _Quit) else 0
    return typer.Exit(code)


def _show_result(console: Console, table: Table, players: list[str], lang: str, path: Path) -> None:
    from stickspel.safetext import plain

    human = next((p for p in table.persons if p.kind == "human"), None)
    show_sheet(console, table.state, players, lang, doc=table.record_for(human))
    announce_end(console, table.state, [plain(p, 40) for p in players], lang)
    console.print(cli_text(lang, "record_written", path=path), soft_wrap=True)


class _Quit(KeyboardInterrupt):
    """The player typed q: save and stop, as Ctrl-C does (but a chosen end: status 0)."""


def _loop(
    console: Console,
    table: Any,
    human: Any,
    lang: str,
    game: str,
    auto_play: bool = True,
    hints: bool = True,
) -> None:
    """The terminal client of ``table``: ask ``human`` for its moves, let the table
    deal and run the bots, and show what the human's event stream carries.

    Everything shown comes from the human's events and observation: a move is
    announced as the table says the human saw it (a hidden one without its
    content), so nothing here decides what is public.
    """
    _Terminal(console, table, human, lang, game, auto_play, hints).run()


class _Terminal:
    """One human's terminal at a table (see :func:`_loop`)."""

    def __init__(
        self,
        console: Console,
        table: Any,
        human: Any,
        lang: str,
        game: str,
        auto_play: bool,
        hints: bool = True,
    ) -> None:
        from stickspel.safetext import plain

        self.hints = hints  # 'tips' at the prompt asks the coach
        self.auto_play = auto_play  # a forced card is played after a notice
        self.auto_played: int | None = None  # and if typed next anyway, said so kindly
        self.console = console
        self.table = table
        self.human = human
        self.lang = lang
        self.view = _view(game)
        self.describe = getattr(self.view, "describe", None)
        # names may come from a resumed file: shown as text, never as markup or escapes
        self.players = [plain(p, 40) for p in table.players()]
        self.me = table.person_index(human)
        self.shown_view = False  # the view is shown again after news or help

    def run(self) -> None:
        self.table.subscribe(self.show)
        state = self.table.state
        while True:
            self.table.advance()
            if self.table.is_terminal():
                return
            self._turn(state)

    def show(self, event: Any) -> None:
        """Print what the human's event stream carries since ``event``."""
        for e in self.table.events_for(self.human, since=event.seq - 1):
            self.shown_view = False
            if e.kind == "deal":
                self._show_deal(e)
            elif e.kind == "action":
                self._show_action(e)

    def _show_deal(self, e: Any) -> None:
        lang = self.lang
        dealer = (e.observation or {}).get("dealer")
        line = (
            cli_text(lang, "new_deal", dealer=self.players[e.person])
            if isinstance(dealer, int)
            else cli_text(lang, "new_deal_plain")
        )
        self.console.print()
        self.console.print(line, style="bold cyan")

    def _show_action(self, e: Any) -> None:
        lang = self.lang
        if e.person != self.me:
            self._show_move(e)
        if e.trick_winner_person is not None:
            self.console.print(
                cli_text(lang, "takes", name=self.players[e.trick_winner_person]), style="bold"
            )
        if e.deal_over:
            self.console.print(cli_text(lang, "deal_over"), style="bold")
            self._show_deal_summary()
            if not self.table.is_terminal():  # the final sheet comes with the result
                doc = self.table.record_for(self.human)
                show_sheet(self.console, self.table.state, self.players, lang, doc=doc)

    def _show_deal_summary(self) -> None:
        """One line per player (or side) on the deal just played: bid, tricks, points."""
        summary = getattr(self.view, "deal_summary", None)
        deals = self.table.record_for(self.human).get("deals") or []
        if summary is None or not deals:
            return
        for line in summary(deals[-1], self.players, self.lang):
            self.console.print(line, soft_wrap=True)

    def _show_move(self, e: Any) -> None:
        """Another player's move, as the human saw it."""
        from stickspel.core.cards import card_display

        lang, players = self.lang, self.players
        if e.hidden:
            if e.is_call:
                self.console.print(cli_text(lang, "hidden_call", name=players[e.person]))
        elif not e.is_call:
            card = card_display(e.action, lang)
            self.console.print(cli_text(lang, "plays", name=players[e.person], card=card))
        else:
            obs = self.table.view(self.human).observation
            describe = self.describe
            said = describe(obs, e.seat, e.text, players, lang) if describe else None
            self.console.print(said or cli_text(lang, "calls", name=players[e.person], call=e.text))

    def _turn(self, state: GameState) -> None:
        """Show the view if needed, ask for a move and answer it."""
        from rich.text import Text

        lang = self.lang
        now = self.table.view(self.human)
        obs = now.observation
        if not self.shown_view:
            self.console.print(self.view.render(obs, players=self.players, lang=lang))
        self.shown_view = True
        if self.auto_play and _forced_card(now.legal_actions) is not None:
            self._play_forced(state, now)
            return
        question = self.view.prompt(obs, lang=lang)
        legal = _legal_text(state, now.legal_actions, obs, lang)
        raw = self.console.input(Text(f"{question} [{cli_text(lang, 'legal')}: {legal}]: "))
        self._answer(state, now, raw.strip())

    def _play_forced(self, state: GameState, now: Any) -> None:
        """The only legal card, played after a short notice (``--no-auto-play`` asks instead)."""
        import time

        card = now.legal_actions[0]
        self.console.print(
            cli_text(self.lang, "forced", card=_action_text(state, card, self.lang)), style="yellow"
        )
        if self.console.is_terminal:  # a moment to see it; no pause when nobody watches
            time.sleep(FORCED_PAUSE)
        self.table.submit(self.human, card, version=now.version)
        self.auto_played = card

    def _answer(self, state: GameState, now: Any, text: str) -> None:
        """Help, the protokoll, quit, or a move for the table."""
        if not text:
            return
        low = text.lower()
        if low in ("?", "h", "help", "hjälp"):
            self._show_help(state)
            return
        if low in ("p", "protokoll"):
            doc = self.table.record_for(self.human)
            show_sheet(self.console, state, self.players, self.lang, doc=doc)
            return
        if low in ("q", "quit", "avsluta"):
            raise _Quit()
        if low in HINT_WORDS:
            self._show_hint(state)
            return
        self._submit(state, now, text)

    def _show_hint(self, state: GameState) -> None:
        """``tips``: the coach's best options for this decision, from this seat's view."""
        from stickspel.bots import Turn
        from stickspel.bots.coach import advise
        from stickspel.i18n import render

        if not self.hints:
            self.console.print(render("coach.off", {}, self.lang), style="red")
            return
        self.console.print(render("coach.thinking", {}, self.lang), style="dim")
        # the seat's turn as a bot is handed it: its information set, not the state
        hint = advise(Turn.of(state))
        self.console.print(hint_table(hint, self.lang))

    def _show_help(self, state: GameState) -> None:
        """``?``: the short rules of the game being played, then how to answer."""
        summary = getattr(self.view, "rules_summary", None)
        if summary is not None:
            self.console.print(summary(state.rules, self.lang), soft_wrap=True)
        self.console.print(cli_text(self.lang, "help"), soft_wrap=True)
        self.shown_view = False

    def _submit(self, state: GameState, now: Any, text: str) -> None:
        lang = self.lang
        try:
            action = self._by_position(now, text)
            if action is None:
                action = state.string_to_action(text)
        except InvalidActionError as e:
            self.console.print(
                cli_text(lang, "unparsable", reason=error_text(e, lang)), style="red"
            )
            return
        if action == self.auto_played and action not in now.legal_actions:
            self.console.print(
                cli_text(lang, "already_played", card=_action_text(state, action, lang))
            )
            self.auto_played = None
            return
        self.auto_played = None
        try:
            self.table.submit(self.human, action, version=now.version)
        except IllegalActionError as e:
            # people, not seat numbers; the player at the terminal is "du" / "you"
            names = [self.players[p] for p in state.seating()]
            you = self.table.seat_of(self.human)
            self.console.print(
                cli_text(lang, "refused", reason=error_text(e, lang, names, you)), style="red"
            )

    def _by_position(self, now: Any, text: str) -> int | None:
        """The card at position ``text`` (1, 2 …) of the hand as shown, while cards are
        picked; None where a number means something else (a bid) or is no number."""
        from stickspel.core.numbers import parse_digits
        from stickspel.views import hand_order, numbered

        obs = now.observation
        k = parse_digits(text)  # ASCII digits only: '²'.isdigit(), but int('²') raises
        if k is None or not numbered(obs) or not any(a < 52 for a in now.legal_actions):
            return None
        hand = hand_order(obs)
        if not 1 <= k <= len(hand):
            raise InvalidActionError("cli.no_position", k=k, n=len(hand))
        return hand[k - 1]


#: What asks the coach at the prompt ('?' shows the rules).
HINT_WORDS = ("tips", "hint", "??")


def hint_table(hint: Any, lang: str) -> Any:
    """A coach's hint as a Rich table: option, expected points, why."""
    from rich.table import Table as RichTable

    from stickspel.bots.coach import action_label
    from stickspel.i18n import number_text, render

    def t(key: str) -> str:
        return render(f"coach.{key}", {}, lang)

    situation = "; ".join(r.text(lang, you=True) for r in hint.situation)
    title = t("title") + (f": {situation}" if situation else "")
    table = RichTable(title=title, title_justify="left")
    table.add_column(t("option"))
    table.add_column(t("value"), justify="right")
    table.add_column(t("why"))
    for o in hint.options:
        label = action_label(o.action, o.text, lang) + (" ★" if o.chosen else "")
        value = "" if o.value is None else number_text(o.value, lang)
        table.add_row(label, value, "; ".join(r.text(lang, you=True) for r in o.reasons))
    table.caption = "★ " + t("chosen")
    return table


def _forced_card(legal: Sequence[int]) -> int | None:
    """The card to play when it is the only legal action."""
    return legal[0] if len(legal) == 1 and 0 <= legal[0] < 52 else None


def _play_params() -> list[inspect.Parameter]:
    """The options of ``play <game>`` before the common ones: seating, then the record."""
    return _play_seat_params() + _play_record_params()


def _play_seat_params() -> list[inspect.Parameter]:
    return [
        option_param("seat", int, typer.Option(0, "--seat", help="Your seat (0 = first).")),
        option_param(
            "seat_bots",
            Optional[str],  # noqa: UP045
            typer.Option(
                None,
                "--seat-bots",
                help="Bots for the other seats: one kind for all, or one per other seat in "
                "seat order, e.g. random,heuristic,expert (default: heuristic; levels: "
                "beginner, intermediate, expert).",
            ),
        ),
        think_ms_param(),
        option_param(
            "name",
            Optional[str],  # noqa: UP045
            typer.Option(None, "--name", help="Your name on the protokoll."),
        ),
        option_param(
            "hints",
            bool,
            typer.Option(
                True,
                "--hints/--no-hints",
                help="Allow 'tips' (or 'hint') at the prompt: the expert's best options "
                "for your decision, from what your seat knows.",
            ),
        ),
        option_param(
            "auto_play",
            bool,
            typer.Option(
                True,
                "--auto-play/--no-auto-play",
                help="Play a card that is the only legal one after a short notice "
                "(--no-auto-play: ask for it as for any other).",
            ),
        ),
    ]


def _play_record_params() -> list[inspect.Parameter]:
    return [
        option_param(
            "seed",
            Optional[int],  # noqa: UP045
            typer.Option(
                None, "--seed", help="Seed the shuffle (default: a cryptographic shuffle)."
            ),
        ),
        option_param(
            "record",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None,
                "--record",
                help=f"Write the record here (default: a new file under ./{RECORD_DIR}/).",
            ),
        ),
        option_param(
            "resume",
            Optional[Path],  # noqa: UP045
            typer.Option(None, "--resume", help="Continue the game saved in this record."),
        ),
        option_param(
            "force",
            bool,
            typer.Option(False, "--force", help="Overwrite an existing file given with --record."),
        ),
    ]


def _register() -> None:
    register_per_game(
        play_app,
        _play,
        _play_params,
        lambda spec: (
            f"Play {game_title(spec.name)} in the terminal ({game_title(spec.name, 'sv')})."
        ),
    )


_register()
