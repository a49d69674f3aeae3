"""The ``stickspel`` command line: play in the terminal, simulate, replay, rules.

Every command is generic over :data:`stickspel.games.GAMES`: ``play`` and
``simulate`` get one sub-command per registered game, with that game's rules
options generated from its :class:`~stickspel.core.Rules` fields (``--sparr /
--no-sparr``, ``--scoring per_trick``, ``--max-cards 7``, and ``-o name=value``
for any of them).  The terminal view of a game is ``stickspel.views.<game>``,
its bots ``stickspel.bots.<game>``, its protokoll ``stickspel.protokoll.<game>``.

Swedish by default, English with ``--lang en``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import re
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from stickspel.core import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    error_text,
)
from stickspel.games import GAMES, GameSpec, game_spec
from stickspel.i18n import texts

if TYPE_CHECKING:
    import random

    from rich.console import Console
    from rich.table import Table as RichTable

    from stickspel.records import RecordError, Replay
    from stickspel.simulate import SimulationSummary
    from stickspel.table import Person, Table

__all__ = ["app", "main", "MESSAGES", "rules_from_options", "default_record_path"]

LANGS = ("sv", "en")

MESSAGES = texts("cli")  # the catalogues' cli.* messages, by language

BOT_NAMES = ("Anna", "Björn", "Cissi", "David", "Eva", "Filip", "Greta", "Hugo", "Ida", "Jonas")

RECORD_DIR = Path("stickspel-records")

FORCED_PAUSE = 1.0  # seconds a forced card is shown before it is played (at a terminal)


def _msg(lang: str, key: str, **kw: Any) -> str:
    from stickspel.i18n import render

    return render(f"cli.{key}", kw, lang)


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def _fail(lang: str, message: str, code: int = 2) -> typer.Exit:
    """Print an error (no traceback) to stderr; the caller raises the returned Exit."""
    print(f"{_msg(lang, 'error')}: {message}", file=sys.stderr)
    return typer.Exit(code)


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise _fail("sv", f"--lang must be sv or en, not {lang!r}")
    return lang


# --- rules options from the command line ------------------------------------------


def _type_name(f: dataclasses.Field[Any]) -> str:
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return "/".join(str(v) for v in value)
    return str(value)


def _variant_params(rules: type[Rules], taken: set[str]) -> list[inspect.Parameter]:
    """One command-line option per rules field (unless its flag is taken)."""
    params = []
    for f in dataclasses.fields(rules):
        flag = _flag(f.name)
        if flag in taken:
            continue
        kind = _type_name(f)
        meta = f.metadata
        help_text = str(meta.get("help", ""))
        choices = meta.get("choices")
        default = f"(default: {_value_text(f.default)})"
        if kind == "bool":
            decl = f"{flag}/--no-{flag[2:]}"
            annotation: Any = Optional[bool]  # noqa: UP045 (typer reads the runtime type)
            metavar = None
        elif kind == "int":
            decl, annotation, metavar = flag, Optional[int], "INT"  # noqa: UP045
        else:
            decl, annotation = flag, Optional[str]  # noqa: UP045
            metavar = "|".join(str(c) for c in choices) if choices else kind.upper()
            if kind.startswith("tuple"):
                metavar = "A/B/…"
            elif "int" in kind:
                metavar = "INT"
        option = typer.Option(
            None,
            decl,
            help=f"{help_text} {default}",
            metavar=metavar,
            show_default=False,
            rich_help_panel="Rules options",
        )
        params.append(
            inspect.Parameter(
                f"opt_{f.name}",
                inspect.Parameter.KEYWORD_ONLY,
                default=option,
                annotation=annotation,
            )
        )
    return params


def rules_from_options(
    spec: GameSpec,
    values: dict[str, Any],
    preset: str | None = None,
    extra: list[str] | None = None,
) -> Rules:
    """Rules from generated option values (``None`` = not given), ``-o`` texts and a preset.

    >>> from stickspel.games import game_spec
    >>> rules_from_options(game_spec("plump"), {"sparr": False}, extra=["scoring=per_trick"]).to_text()
    'plump(sparr=false,scoring=per_trick)'
    >>> rules_from_options(game_spec("plump"), {"players": 7, "max_cards": 8})
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: 7 players can start at most at 7 cards
    """
    texts: dict[str, str] = {}
    for name, value in values.items():
        if value is not None:
            texts[name] = _value_text(value)
    for item in extra or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError("cli.option_syntax", item=item)
        texts[key.strip()] = value.strip()
    return spec.rules.from_strings(texts, preset)


def _split_kwargs(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    variant = {k[4:]: v for k, v in kwargs.items() if k.startswith("opt_")}
    common = {k: v for k, v in kwargs.items() if not k.startswith("opt_")}
    return common, variant


def _make_command(
    impl: Callable[..., None], game: str, common: list[inspect.Parameter]
) -> Callable[..., None]:
    spec = game_spec(game)
    taken = {_flag(p.name) for p in common}
    params = common + _variant_params(spec.rules, taken)

    def command(**kwargs: Any) -> None:
        impl(game, **kwargs)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__name__ = game
    return command


def _param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _common_game_params(spec: GameSpec) -> list[inspect.Parameter]:
    params = []
    if "players" not in spec.rules.option_names():
        params.append(
            _param(
                "players",
                Optional[int],  # noqa: UP045
                typer.Option(None, "--players", help="Number of players (fixed in this game)."),
            )
        )
    params += [
        _param(
            "preset",
            Optional[str],  # noqa: UP045
            typer.Option(
                None, "--preset", help=f"A named preset: {', '.join(spec.rules.PRESETS) or '-'}."
            ),
        ),
        _param(
            "option",
            list[str],
            typer.Option([], "-o", "--option", help="Any rules option as name=value (repeatable)."),
        ),
        _param("lang", str, typer.Option("sv", "--lang", help="Language: sv or en.")),
    ]
    return params


def _build_rules(
    game: str, lang: str, common: dict[str, Any], variant: dict[str, Any]
) -> tuple[GameSpec, Rules]:
    spec = game_spec(game)
    try:
        rules = rules_from_options(spec, variant, common.get("preset"), common.get("option"))
        probe = spec.state(rules)  # type: ignore[call-arg]
    except RulesError as e:
        raise _fail(lang, error_text(e, lang)) from None
    players = common.get("players")
    if players is not None and players != probe.num_players:
        raise _fail(
            lang, _msg(lang, "players_fixed", game=game, n=probe.num_players, players=players)
        )
    return spec, rules


# --- the app ------------------------------------------------------------------------

app = typer.Typer(
    name="stickspel",
    help="Swedish trick-taking card games: Plump, Priffe, Tremanswhist.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)
simulate_app = typer.Typer(
    help="Let bots play many seeded games; write records and a summary.", no_args_is_help=True
)
app.add_typer(play_app, name="play")
app.add_typer(simulate_app, name="simulate")


def _view(game: str) -> Any:
    try:
        return importlib.import_module(f"stickspel.views.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"stickspel.views.{game}":
            raise
        return _PlainView


class _PlainView:
    """For a game without a terminal view yet: its observation as plain lines."""

    @staticmethod
    def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> Any:
        from rich.text import Text

        return Text("\n".join(f"{k}: {v}" for k, v in obs.items()))

    @staticmethod
    def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
        return "Ditt drag" if lang == "sv" else "Your move"


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


def program_command(argv0: str | None = None) -> str:
    """How to run this program again from the current directory: ``stickspel`` where
    that name on PATH is this program, else the path it was started by (after
    ``make play``: ``.venv/bin/stickspel``).

    >>> program_command("/nowhere/bin/stickspel")
    '/nowhere/bin/stickspel'
    """
    import os
    import shutil

    argv0 = argv0 or sys.argv[0]
    name = os.path.basename(argv0)
    if name in ("__main__.py", "-c") or not name:  # python -m stickspel
        return f"{_path_from_here(sys.executable)} -m stickspel"
    found = shutil.which(name)
    if os.sep not in argv0 or (found and os.path.abspath(found) == os.path.abspath(argv0)):
        return name
    return _path_from_here(argv0)


def _path_from_here(path: str) -> str:
    """``path`` relative to the current directory when it lies under it, else absolute."""
    import os

    full = os.path.abspath(path)
    rel = os.path.relpath(full)
    return rel if not rel.startswith("..") and os.sep in rel else full


def default_record_path(game: str, directory: Path = RECORD_DIR) -> Path:
    """A new time-stamped record file under ``directory``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game}-{stamp}.json"
    k = 2
    while path.exists():
        path = directory / f"{game}-{stamp}-{k}.json"
        k += 1
    return path


def _show_sheet(
    console: Console,
    state: GameState,
    players: list[str],
    lang: str,
    doc: dict[str, Any] | None = None,
) -> None:
    """The protokoll of ``state`` (or of ``doc``, a record as one person may see it)."""
    from stickspel.protokoll import build_sheet
    from stickspel.protokoll.terminal import render_sheet

    if doc is None:
        doc = state.to_record(players)
    for table in render_sheet(build_sheet(doc, lang)):
        console.print(table)


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


def _announce_end(console: Console, state: GameState, players: list[str], lang: str) -> None:
    winners = state.winners()
    totals = state.returns()
    console.print(_msg(lang, "game_over"), style="bold")
    if winners:
        score = totals[winners[0]]
        key = "winner" if len(winners) == 1 else "shared"
        shown = int(score) if float(score).is_integer() else score
        console.print(
            _msg(lang, key, names=", ".join(players[s] for s in winners), score=shown),
            style="bold green",
        )


def _output_problem(path: Path, lang: str, *, force: bool, ours: Path | None) -> str | None:
    """Why the game could not be saved at ``path`` (checked before anything is played).

    A file there is overwritten only if it is ``ours`` (the record being resumed)
    or with ``--force``.
    """
    import os

    if path.is_dir():
        return _msg(lang, "out_is_dir", path=path)
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if parent.exists() and not parent.is_dir():
        return _msg(lang, "out_under_file", path=path, parent=parent)
    if path.exists():
        if not (force or (ours is not None and path.resolve() == ours.resolve())):
            return _msg(lang, "out_exists", path=path)
        if not os.access(path, os.W_OK):
            return _msg(lang, "out_unwritable", path=path)
    if not os.access(parent, os.W_OK | os.X_OK):
        return _msg(lang, "out_unwritable", path=path)
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
            return f"{name}={_value_text(want.get(name))}"
    return None


def _play(game: str, **kwargs: Any) -> None:
    from stickspel.core.cards import make_rng

    common, variant = _split_kwargs(kwargs)
    lang = _check_lang(common["lang"])
    console = _console()
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
        raise _fail(lang, problem)
    if resume is not None:
        console.print(_msg(lang, "resumed", path=resume, deals=len(state.deal_records)))
    table, human = _open_table(state, players, seat, bots, rng, path)
    try:
        _loop(console, table, human, lang, game, common["auto_play"])
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
        raise _fail(lang, error_text(e, lang), 1) from None
    except (ValueError, TypeError, KeyError) as e:  # a last net: one line, no traceback
        raise _fail(lang, f"{resume}: {e}", 1) from None
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
        raise _fail(lang, _msg(lang, "wrong_game", path=resume, game=rep.state.GAME, want=game))
    if any("hands" not in d for d in doc.get("deals") or []):
        raise _fail(lang, _msg(lang, "hand_kept", path=resume), 1)
    state, players = rep.state, list(rep.players)
    clash = _variant_clash(game_spec(game), state.rules, lang, common, variant)
    if clash is not None:
        raise _fail(
            lang,
            _msg(lang, "wrong_variant", path=resume, rules=state.rules.to_text(), option=clash),
        )
    given = [k for k, v in variant.items() if v is not None] + list(common["option"] or [])
    if given or common["preset"]:
        console.print(_msg(lang, "resume_rules"), style="yellow")
    if rep.finished:
        _show_sheet(console, state, players, lang)
        console.print(_msg(lang, "already_over", path=resume))
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
    spec, rules = _build_rules(game, lang, common, variant)
    probe = spec.state(rules)  # type: ignore[call-arg]
    n = probe.num_players
    state = spec.state(rules, first_dealer=rng.randrange(n))  # type: ignore[call-arg]
    me = common["name"] or _msg(lang, "you")
    _check_player_name(lang, me)
    return state, _seat_names(me, seat, n)


def _check_player_name(lang: str, me: str) -> None:
    from stickspel.safetext import check_name

    bad_name = check_name(me)
    if bad_name is not None:
        from stickspel.i18n import render
        from stickspel.safetext import markup_safe

        shown = markup_safe(me, 40)
        raise _fail(lang, render("cli.bad_name", {"name": shown, "why": bad_name}, lang))


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
        raise _fail(lang, _msg(lang, "seat_range", last=n - 1, seat=seat))
    try:
        return _bots_for(game, seat_bots, n, seat, think_ms)
    except RulesError as e:
        raise _fail(lang, error_text(e, lang)) from None


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
    console.print(_msg(lang, "saved", path=path), soft_wrap=True)
    hint = _msg(lang, "resume_hint", program=program_command(), game=game, path=path)
    console.print(hint, soft_wrap=True)
    code = 130 if isinstance(stop, KeyboardInterrupt) and not isinstance(stop, _Quit) else 0
    return typer.Exit(code)


def _show_result(console: Console, table: Table, players: list[str], lang: str, path: Path) -> None:
    from stickspel.safetext import markup_safe

    _show_sheet(console, table.state, players, lang)
    _announce_end(console, table.state, [markup_safe(p, 40) for p in players], lang)
    console.print(_msg(lang, "record_written", path=path), soft_wrap=True)


class _Quit(KeyboardInterrupt):
    """The player typed q: save and stop, as Ctrl-C does (but a chosen end: status 0)."""


def _loop(
    console: Console, table: Any, human: Any, lang: str, game: str, auto_play: bool = True
) -> None:
    """The terminal client of ``table``: ask ``human`` for its moves, let the table
    deal and run the bots, and show what the human's event stream carries.

    Everything shown comes from the human's events and observation: a move is
    announced as the table says the human saw it (a hidden one without its
    content), so nothing here decides what is public.
    """
    _Terminal(console, table, human, lang, game, auto_play).run()


class _Terminal:
    """One human's terminal at a table (see :func:`_loop`)."""

    def __init__(
        self, console: Console, table: Any, human: Any, lang: str, game: str, auto_play: bool
    ) -> None:
        from stickspel.safetext import markup_safe

        self.auto_play = auto_play  # a forced card is played after a notice
        self.auto_played: int | None = None  # and if typed next anyway, said so kindly
        self.console = console
        self.table = table
        self.human = human
        self.lang = lang
        self.view = _view(game)
        self.describe = getattr(self.view, "describe", None)
        # names may come from a resumed file: shown as text, never as markup or escapes
        self.players = [markup_safe(p, 40) for p in table.players()]
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
            _msg(lang, "new_deal", dealer=self.players[e.person])
            if isinstance(dealer, int)
            else _msg(lang, "new_deal_plain")
        )
        self.console.print()
        self.console.print(line, style="bold cyan")

    def _show_action(self, e: Any) -> None:
        lang = self.lang
        if e.person != self.me:
            self._show_move(e)
        if e.trick_winner_person is not None:
            self.console.print(
                _msg(lang, "takes", name=self.players[e.trick_winner_person]), style="bold"
            )
        if e.deal_over:
            self.console.print(_msg(lang, "deal_over"), style="bold")
            self._show_deal_summary()
            if not self.table.is_terminal():  # the final sheet comes with the result
                _show_sheet(self.console, self.table.state, self.players, lang)

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
                self.console.print(_msg(lang, "hidden_call", name=players[e.person]))
        elif not e.is_call:
            card = card_display(e.action, lang)
            self.console.print(_msg(lang, "plays", name=players[e.person], card=card))
        else:
            obs = self.table.view(self.human).observation
            describe = self.describe
            said = describe(obs, e.seat, e.text, players, lang) if describe else None
            self.console.print(said or _msg(lang, "calls", name=players[e.person], call=e.text))

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
        raw = self.console.input(Text(f"{question} [{_msg(lang, 'legal')}: {legal}]: "))
        self._answer(state, now, raw.strip())

    def _play_forced(self, state: GameState, now: Any) -> None:
        """The only legal card, played after a short notice (``--no-auto-play`` asks instead)."""
        import time

        card = now.legal_actions[0]
        self.console.print(
            _msg(self.lang, "forced", card=_action_text(state, card, self.lang)), style="yellow"
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
            _show_sheet(self.console, state, self.players, self.lang, doc=doc)
            return
        if low in ("q", "quit", "avsluta"):
            raise _Quit()
        self._submit(state, now, text)

    def _show_help(self, state: GameState) -> None:
        """``?``: the short rules of the game being played, then how to answer."""
        summary = getattr(self.view, "rules_summary", None)
        if summary is not None:
            self.console.print(summary(state.rules, self.lang), soft_wrap=True)
        self.console.print(_msg(self.lang, "help"), soft_wrap=True)
        self.shown_view = False

    def _submit(self, state: GameState, now: Any, text: str) -> None:
        lang = self.lang
        try:
            action = self._by_position(now, text)
            if action is None:
                action = state.string_to_action(text)
        except InvalidActionError as e:
            self.console.print(_msg(lang, "unparsable", reason=error_text(e, lang)), style="red")
            return
        if action == self.auto_played and action not in now.legal_actions:
            self.console.print(_msg(lang, "already_played", card=_action_text(state, action, lang)))
            self.auto_played = None
            return
        self.auto_played = None
        try:
            self.table.submit(self.human, action, version=now.version)
        except IllegalActionError as e:
            # people, not seat numbers: the player at the terminal is "du" / "you"
            names = [self.players[p] for p in state.seating()]
            names[self.table.seat_of(self.human)] = _msg(lang, "you").lower()
            self.console.print(
                _msg(lang, "refused", reason=error_text(e, lang, names)), style="red"
            )

    def _by_position(self, now: Any, text: str) -> int | None:
        """The card at position ``text`` (1, 2 …) of the hand as shown, while cards are
        picked; None where a number means something else (a bid) or is no number."""
        from stickspel.views import hand_order, numbered

        obs = now.observation
        if not text.isdigit() or not numbered(obs) or not any(a < 52 for a in now.legal_actions):
            return None
        hand = hand_order(obs)
        k = int(text)
        if not 1 <= k <= len(hand):
            raise InvalidActionError("cli.no_position", k=k, n=len(hand))
        return hand[k - 1]


def _forced_card(legal: Sequence[int]) -> int | None:
    """The card to play when it is the only legal action."""
    return legal[0] if len(legal) == 1 and 0 <= legal[0] < 52 else None


def _sim(game: str, **kwargs: Any) -> None:
    common, variant = _split_kwargs(kwargs)
    lang = _check_lang(common["lang"])
    spec, rules = _build_rules(game, lang, common, variant)
    n = spec.state(rules).num_players  # type: ignore[call-arg]
    summary = _run_simulation(game, lang, rules, n, common)
    data = summary.to_dict()
    if common["json"]:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    _print_summary(lang, data)


def _run_simulation(
    game: str, lang: str, rules: Rules, n: int, common: dict[str, Any]
) -> SimulationSummary:
    """The bots' games; after Ctrl-C the summary of those played so far."""
    from stickspel.records.io import check_output_path
    from stickspel.simulate import SimulationSummary, deal_cap, parse_bots, simulate, stopped

    played: list[GameState] = []
    try:
        bots = parse_bots(game, common["bots"], n)
        if common["record_dir"] is not None:
            check_output_path(common["record_dir"], directory=True)
        summary = simulate(
            game, rules, bots, common["games"], common["seed"], common["record_dir"],
            on_game=lambda _k, state: played.append(state), stop_after=common["stop_after"],
            think_ms=common["think_ms"],
        )  # fmt: skip
    except KeyboardInterrupt:  # Ctrl-C: the summary of the games played so far
        summary = SimulationSummary(
            game, rules, list(bots), common["seed"], len(played),
            [st.returns() for st in played],
            [[] if stopped(st) else st.winners() for st in played],
            record_dir=str(common["record_dir"]) if common["record_dir"] is not None else None,
            stopped=sum(stopped(st) is not None for st in played),
            stop_after=deal_cap(rules, common["stop_after"]),
        )  # fmt: skip
        print(_msg(lang, "error") + ": interrupted (Ctrl-C)", file=sys.stderr)
    except (RulesError, ValueError) as e:
        raise _fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise _fail(lang, error_text(e, lang), 1) from None
    return summary


def _print_summary(lang: str, data: dict[str, Any]) -> None:
    """The simulation's summary as tables: per seat, per bot kind (if several)."""
    console = _console()
    console.print(_seat_table(lang, data))
    if len(data["by_bot"]) > 1:
        console.print(_by_bot_table(lang, data))
    if data.get("stopped"):
        console.print(_msg(lang, "stopped", n=data["stopped"], deals=data["stop_after"]))
    if data["record_dir"]:
        console.print(_msg(lang, "records_in", dir=data["record_dir"]), soft_wrap=True)


def _seat_table(lang: str, data: dict[str, Any]) -> RichTable:
    from rich.table import Table

    table = Table(
        title=_msg(
            lang,
            "sim_title",
            games=data["games"],
            rules=data["rules"],
            seconds=data["seconds"],
            rate=data["games_per_second"] or 0.0,
        )
    )
    for col in ("seat", "bot", "mean", "wins", "win_rate"):
        table.add_column(_msg(lang, col), justify="right" if col != "bot" else "left")
    for row in data["seats"]:
        table.add_row(
            str(row["seat"]),
            row["bot"],
            f"{row['mean_score']:.1f}",
            str(row["wins"]),
            f"{row['win_rate']:.1%}",
        )
    return table


def _by_bot_table(lang: str, data: dict[str, Any]) -> RichTable:
    from rich.table import Table

    by = Table(title=_msg(lang, "by_bot"))
    for col in ("bot", "mean", "win_rate"):
        by.add_column(_msg(lang, col), justify="right" if col != "bot" else "left")
    for kind, row in data["by_bot"].items():
        by.add_row(kind, f"{row['mean_score']:.1f}", f"{row['win_rate']:.1%}")
    return by


def register_per_game(
    sub: typer.Typer,
    run: Callable[..., None],
    own_params: Callable[[], list[inspect.Parameter]],
    help_of: Callable[[GameSpec], str],
) -> None:
    """One subcommand of ``sub`` per game: ``run(game, **options)`` with ``own_params``
    and then the game's rules options as its parameters."""
    for name in sorted(GAMES):
        spec = GAMES[name]
        params = own_params() + _common_game_params(spec)
        sub.command(name=name, help=help_of(spec))(_make_command(run, name, params))


def _register_games() -> None:
    register_per_game(
        play_app,
        _play,
        _play_params,
        lambda spec: f"Play {spec.title_en} in the terminal ({spec.title_sv}).",
    )
    register_per_game(
        simulate_app, _sim, _sim_params, lambda spec: f"Simulate {spec.title_en} with bots."
    )


def _play_params() -> list[inspect.Parameter]:
    """The options of ``play <game>`` before the common ones: seating, then the record."""
    return _play_seat_params() + _play_record_params()


def _play_seat_params() -> list[inspect.Parameter]:
    return [
        _param("seat", int, typer.Option(0, "--seat", help="Your seat (0 = first).")),
        _param(
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
        _think_ms_param(),
        _param(
            "name",
            Optional[str],  # noqa: UP045
            typer.Option(None, "--name", help="Your name on the protokoll."),
        ),
        _param(
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
        _param(
            "seed",
            Optional[int],  # noqa: UP045
            typer.Option(
                None, "--seed", help="Seed the shuffle (default: a cryptographic shuffle)."
            ),
        ),
        _param(
            "record",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None,
                "--record",
                help=f"Write the record here (default: a new file under ./{RECORD_DIR}/).",
            ),
        ),
        _param(
            "resume",
            Optional[Path],  # noqa: UP045
            typer.Option(None, "--resume", help="Continue the game saved in this record."),
        ),
        _param(
            "force",
            bool,
            typer.Option(False, "--force", help="Overwrite an existing file given with --record."),
        ),
    ]


def _think_ms_param() -> inspect.Parameter:
    return _param(
        "think_ms",
        Optional[float],  # noqa: UP045
        typer.Option(
            None,
            "--think-ms",
            min=0,
            help="Thinking time per decision of the level bots (beginner, intermediate, "
            "expert) in milliseconds (default: 50 intermediate, 200 expert).",
        ),
    )


def _sim_params() -> list[inspect.Parameter]:
    """The options of ``simulate <game>`` before the common ones."""
    return [
        _param("games", int, typer.Option(100, "--games", help="Number of games.")),
        _param("seed", int, typer.Option(0, "--seed", help="Seed of the run.")),
        _param(
            "record_dir",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None, "--record-dir", help="Write one record per game here (game-0001.json …)."
            ),
        ),
        _param(
            "bots",
            str,
            typer.Option("heuristic", "--bots", help="One bot kind for all seats or one per seat."),
        ),
        _think_ms_param(),
        _param("json", bool, typer.Option(False, "--json", help="Print the summary as JSON.")),
        _param(
            "stop_after",
            Optional[int],  # noqa: UP045
            typer.Option(
                None,
                "--stop-after",
                help="A game the rules leave open (Tremanswhist without --max-deals) is "
                "stopped after this many deals, unfinished and won by nobody (default: 100).",
            ),
        ),
    ]


_register_games()


@app.command("replay")
def replay_command(
    file: Path = typer.Argument(..., help="A stickspel/1 record (JSON)."),  # noqa: B008
    as_json: bool = typer.Option(False, "--json", help="Print the summary or error as JSON."),
    lang: str = typer.Option("sv", "--lang", help="Language: sv or en."),
) -> None:
    """Check a record by replaying it through the rules; print its protokoll and result."""
    lang = _check_lang(lang)
    rep = _replay_file(file, as_json, lang)
    if as_json:
        print(json.dumps(rep.summary(), ensure_ascii=False, indent=1))
        return
    _print_replay(rep, lang)


def _replay_file(file: Path, as_json: bool, lang: str) -> Replay:
    """The replay of ``file``; an unreadable or invalid record fails with status 1."""
    from stickspel.records import RecordError, load_record, replay
    from stickspel.safetext import plain

    doc: dict[str, Any] | None = None
    try:
        doc = load_record(file)
        return replay(doc)
    except OSError as e:
        raise _fail(lang, str(e), 1) from None
    except (RecordError, RulesError) as e:
        _report_invalid(file, as_json, lang, e, _names_at(doc, getattr(e, "deal", None)))
        raise typer.Exit(1) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # a value of the wrong kind that the checks let through: still one line
        raise _fail(
            lang, plain(f"{file}: not a valid record ({type(e).__name__}: {e})", 500), 1
        ) from None


def _invalid_error(e: RecordError | RulesError) -> dict[str, Any]:
    """What is wrong with a record, as ``--json`` reports it."""
    from stickspel.records import RecordError

    if isinstance(e, RecordError):
        return e.to_dict()
    return {
        "rule": "variant",
        "deal": None,
        "trick": None,
        "seat": None,
        "message": str(e),
        "message_sv": error_text(e, "sv"),
    }


def _names_at(doc: dict[str, Any] | None, deal: int | None) -> list[str] | None:
    """The players' names by seat in deal ``deal`` (1-based) of a record, where known:
    a person reads a replay error by who it is about, not by a seat number."""
    from stickspel.safetext import markup_safe

    players = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    deals = doc.get("deals") if isinstance(doc, dict) else None
    seating = list(range(len(players)))
    if isinstance(deals, list) and deal is not None and 1 <= deal <= len(deals):
        given = deals[deal - 1].get("seating") if isinstance(deals[deal - 1], dict) else None
        # a hostile record may hold anything there: only a permutation of the seats counts
        if isinstance(given, list) and all(type(p) is int for p in given):
            ints = [int(p) for p in given]
            if sorted(ints) == seating:
                seating = ints
    return [markup_safe(players[p], 40) for p in seating]


def _report_invalid(
    file: Path,
    as_json: bool,
    lang: str,
    e: RecordError | RulesError,
    names: list[str] | None = None,
) -> None:
    """Say why ``file`` is not a valid record: JSON on stdout, or one line on stderr
    (naming the players where the record names them)."""
    from stickspel.core import StickspelError
    from stickspel.records.io import RecordFileError
    from stickspel.safetext import plain

    err = _invalid_error(e)
    if as_json:
        print(json.dumps({"valid": False, "error": err}, ensure_ascii=False, indent=1))
        return
    message = err["message_sv"] if lang == "sv" else err["message"]
    seat = err["seat"]
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        cause = getattr(e, "cause", None)
        if isinstance(cause, StickspelError):
            message = error_text(cause, lang, names)
        elif hasattr(e, "detail_text"):
            message = e.detail_text(lang, names)
    where = [_msg(lang, f"where_{k}", n=err[k]) for k in ("deal", "trick") if err[k] is not None]
    if isinstance(seat, int):
        named = names is not None and 0 <= seat < len(names)
        where.append(names[seat] if named and names else _msg(lang, "where_seat", n=seat + 1))
    print(
        plain(  # one line; what the file says is shown, not obeyed
            _msg(
                lang,
                "invalid",
                where=(", ".join(where) + ": ") if where else "",
                message=message,
                rule=err["rule"],
            )
            + ("" if isinstance(e, RecordFileError) else f" — {file}"),  # the file named
            2000,
        ),
        file=sys.stderr,
    )


def _print_replay(rep: Replay, lang: str) -> None:
    """The replayed record's protokoll, warnings, result and totals."""
    from stickspel.safetext import markup_safe

    console = _console()
    _show_sheet(console, rep.state, rep.players, lang)
    shown = [markup_safe(p, 40) for p in rep.players]  # names from the file: text, not markup
    for w in rep.warnings:
        console.print(_msg(lang, "warning", text=markup_safe(w, 500)), style="yellow")
    if rep.finished:
        console.print(_msg(lang, "valid"), style="bold")
        _announce_end(console, rep.state, shown, lang)
    else:
        console.print(_msg(lang, "unfinished", deals=len(rep.state.deal_records)), style="yellow")
    totals = [int(x) if float(x).is_integer() else x for x in rep.state.returns()]
    console.print(
        _msg(
            lang,
            "totals",
            totals=", ".join(f"{p} {t}" for p, t in zip(shown, totals, strict=True)),
        )
    )


def _allowed(f: dataclasses.Field[Any], lang: str) -> str:
    choices = f.metadata.get("choices")
    if choices:
        return ", ".join(str(c) for c in choices)
    kind = _type_name(f)
    if kind.startswith("tuple"):  # one whole number per seat: A/B/C
        n = len(f.default) if isinstance(f.default, tuple) else 3
        return _msg(lang, "any_ints", form="/".join("ABCDEFGHIJ"[:n]))
    if kind == "bool":
        return _msg(lang, "any_bool")
    if "int" in kind:
        return _msg(lang, "any_int") + (" / none" if "None" in kind else "")
    return _msg(lang, "any")


# the seed rule texts by their titles (the files themselves are not in the repository)
_SOURCES = re.compile(r"\b(00[0-4])\b")


def source_text(source: str, lang: str) -> str:
    """A rules option's source with each seed text named by its title.

    >>> source_text("000 (Poäng); RULES.md", "en")
    'the rule text “Plump ♥” (Poäng); RULES.md'
    """
    return _SOURCES.sub(lambda m: _msg(lang, f"source_{m.group(1)}"), source)


def _preset_note(rules: type[Rules], name: str, lang: str) -> str:
    """`` (= buying)`` for a preset that is another name of an earlier one."""
    presets = list(rules.PRESETS.items())
    values = rules.PRESETS[name]
    for other, settings in presets[: [p for p, _ in presets].index(name)]:
        if settings == values:
            return " " + _msg(lang, "same_preset", name=other)
    return ""


def _flag_text(f: dataclasses.Field[Any]) -> str:
    flag = _flag(f.name)
    return f"{flag}/--no-{flag[2:]}" if _type_name(f) == "bool" else flag


def option_help(game: str, f: dataclasses.Field[Any], lang: str) -> str:
    """A rules option's help in ``lang`` (catalogue ``options``; the option's own
    English text where the catalogue lacks it)."""
    from stickspel.i18n import render

    key = f"rules.help.{game}.{f.name}"
    text = render(key, {}, lang)
    return str(f.metadata.get("help", "")) if text == key else text


def rules_markdown(game: str, lang: str = "en") -> str:
    """The options and presets of ``game`` as Markdown tables (used for the docs).

    >>> print(rules_markdown("plump").splitlines()[2])
    | `players` | `--players` | 4 | whole number | Number of players, 2–10 (2 plays with a blind hand). | the rule text “Plump ♥”; RULES.md |
    """
    spec = game_spec(game)
    cols = [_msg(lang, k) for k in ("option", "flag", "default", "allowed", "about", "source")]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for f in dataclasses.fields(spec.rules):
        cells = [
            f"`{f.name}`",
            f"`{_flag_text(f)}`",
            _value_text(f.default),
            _allowed(f, lang),
            option_help(spec.name, f, lang),
            source_text(str(f.metadata.get("source", "")), lang),
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += [
        "",
        f"| {_msg(lang, 'preset')} (`--preset`) | {_msg(lang, 'settings')} | {_msg(lang, 'text')} |",
        "|---|---|---|",
    ]
    for name, values in spec.rules.PRESETS.items():
        settings = ", ".join(f"{k}={_value_text(v)}" for k, v in values.items()) or "—"
        settings += _preset_note(spec.rules, name, lang)
        lines.append(f"| `{name}` | {settings} | `{spec.rules.preset(name).to_text()}` |")
    return "\n".join(lines) + "\n"


@app.command("rules")
def rules_command(
    game: str = typer.Argument(..., help="plump, priffe or tremanswhist."),
    lang: str = typer.Option("sv", "--lang", help="Language: sv or en."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown tables (for docs)."),
) -> None:
    """Every rules option of GAME with its default, allowed values, help and source; the presets."""
    lang = _check_lang(lang)
    try:
        spec = game_spec(game)
    except RulesError as e:
        raise _fail(lang, error_text(e, lang)) from None
    if markdown:
        print(rules_markdown(spec.name, lang), end="")
        return
    from rich.text import Text

    console = _console()
    console.print(Text(spec.title_sv if lang == "sv" else spec.title_en, style="bold underline"))
    for f in dataclasses.fields(spec.rules):
        console.print()
        console.print(Text(f"{f.name}  ({_flag_text(f)})", style="bold cyan"))
        console.print(
            Text(
                f"  {_msg(lang, 'default')}: {_value_text(f.default)}    "
                f"{_msg(lang, 'allowed')}: {_allowed(f, lang)}"
            )
        )
        console.print(Text(f"  {option_help(spec.name, f, lang)}"))
        console.print(
            Text(
                f"  {_msg(lang, 'source')}: {source_text(str(f.metadata.get('source', '')), lang)}",
                style="dim",
            )
        )
    console.print()
    console.print(Text(_msg(lang, "presets"), style="bold underline"))
    for name in spec.rules.PRESETS:
        note = _preset_note(spec.rules, name, lang)
        console.print(Text(f"  {name:<14} {spec.rules.preset(name).to_text()}{note}"))


def _mount_protokoll() -> None:
    # the protokoll sub-app lives in its own module, which may not exist yet
    try:
        mod = importlib.import_module("stickspel.cli.protokoll")
    except ModuleNotFoundError as e:
        if e.name != "stickspel.cli.protokoll":
            raise
        return
    app.add_typer(mod.protokoll_app, name="protokoll")


_mount_protokoll()


def _mount_match() -> None:
    from stickspel.cli.match import match_app

    app.add_typer(match_app, name="match")


_mount_match()


def _mount_research() -> None:
    from stickspel.cli.analyse import analyse_command
    from stickspel.cli.tournament import selfplay_app, tournament_command

    app.command("tournament")(tournament_command)
    app.command("analyse")(analyse_command)
    app.add_typer(selfplay_app, name="selfplay")


_mount_research()


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    database: Optional[str] = typer.Option(  # noqa: UP045
        None,
        "--database",
        help="postgresql://user:password@host/db or sqlite:///path (default: "
        "$STICKSPEL_DATABASE, else stickspel-data/stickspel.sqlite3 in $STICKSPEL_DATA).",
    ),
    bot_delay: float = typer.Option(
        0.8, "--bot-delay", help="Seconds between two bot moves (0: at once)."
    ),
    lang: str = typer.Option("sv", "--lang", help="Language of errors: sv or en."),
    allow_origin: Optional[list[str]] = typer.Option(  # noqa: UP045, B008
        None,
        "--allow-origin",
        help="A site (https://host[:port]) whose pages may also open the websocket "
        "(repeatable; also $STICKSPEL_ALLOWED_ORIGINS).",
    ),
) -> None:
    """Serve tables to browsers: lobby, table pages, websocket play (stickspel.server)."""
    from stickspel.safetext import plain
    from stickspel.server.run import serve
    from stickspel.server.store import StoreError
    from stickspel.server.wsguard import OriginError

    lang = _check_lang(lang)
    try:
        serve(host, port, database, bot_delay, allow_origin or ())
    except StoreError as e:
        raise _fail(lang, plain(e.text(lang), 500), 1) from None  # one line, no traceback
    except OriginError as e:  # an --allow-origin that is no origin
        raise _fail(lang, plain(_msg(lang, "bad_origin", origin=str(e)), 500), 2) from None


def main() -> None:
    """The ``stickspel`` console script."""
    app()
