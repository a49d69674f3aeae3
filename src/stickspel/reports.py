"""The HTML pages of the research tools: a tournament's report (pairings, ratings
with intervals, score distributions as inline SVG) and a game's analysis (each
player's points lost, luck, and the moves that lost points) — self-contained
files, no scripts.

Names come from config files and records, so pages are rendered by Jinja2 with
autoescape on.
"""

from __future__ import annotations

import html
import math
from typing import Any

from jinja2 import Environment

from stickspel.i18n import game_title, number_text, render
from stickspel.safetext import plain

__all__ = ["report_html", "analysis_html", "luck_words"]

_TEMPLATE = """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ t("title") }} — {{ config.game }}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem;color:#111;background:#fff}
table{border-collapse:collapse;margin:1rem 0}td,th{padding:.3rem .6rem;border-bottom:1px solid #ccc;text-align:right}
th:first-child,td:first-child{text-align:left}svg{max-width:100%;height:auto}
.muted{color:#444}
</style></head><body>
<h1>{{ t("title") }}: {{ config.game }}</h1>
<p class="muted">{{ config.rules }} · {{ config.format }} · {{ t("seed") }} {{ config.seed }}
· {{ t("executor") }} {{ executor }}</p>
<h2>{{ t("ratings") }}</h2>
<table><tr><th>{{ t("bot") }}</th><th>Elo</th><th>95%</th><th>{{ t("mean") }}</th><th>{{ t("boards") }}</th></tr>
{% for bot, r in ratings %}<tr><td>{{ bot }}</td><td>{{ r.elo }}</td><td>{{ r.low }} … {{ r.high }}</td>
<td>{{ by_bot[bot].mean }}{% if by_bot[bot].ci95 is not none %} ± {{ by_bot[bot].ci95 }}{% endif %}</td>
<td>{{ by_bot[bot].boards }}</td></tr>{% endfor %}</table>
{{ rating_svg | safe }}
<h2>{{ t("pairings") }}</h2>
<table><tr><th>{{ t("pairing") }}</th><th>{{ t("boards") }}</th><th>{{ t("difference") }}</th>
<th>{{ t("wdl") }}</th><th>LLR</th><th>{{ t("stopped") }}</th></tr>
{% for p in pairings %}<tr><td>{{ p.a }} − {{ p.b }}</td><td>{{ p.boards }}</td>
<td>{{ p.difference }}{% if p.ci95 is not none %} ± {{ p.ci95 }}{% endif %}</td>
<td>{{ p.wins }}/{{ p.draws }}/{{ p.losses }}</td><td>{{ p.llr }}</td><td>{{ p.stopped }}</td></tr>{% endfor %}</table>
<h2>{{ t("distributions") }}</h2>
{% for bot, svg in histograms %}<h3>{{ bot }}</h3>{{ svg | safe }}{% endfor %}
</body></html>
"""


def _esc(text: str) -> str:
    """A name from the config as SVG text: controls visible, markup escaped."""
    return html.escape(plain(text, 40))


def _rating_svg(ratings: dict[str, dict[str, float]]) -> str:
    """Each bot's rating as a dot with its 95% interval as a bar."""
    bots = list(ratings)
    lows = [ratings[b]["low"] for b in bots]
    highs = [ratings[b]["high"] for b in bots]
    lo, hi = min(lows + [0.0]), max(highs + [0.0])
    span = (hi - lo) or 1.0
    width, row, left = 600, 28, 150

    def x(v: float) -> float:
        return left + (v - lo) / span * (width - left - 20)

    parts = [
        f'<svg viewBox="0 0 {width} {row * len(bots) + 30}" role="img" aria-label="ratings">',
        f'<line x1="{x(0):.1f}" y1="0" x2="{x(0):.1f}" y2="{row * len(bots)}" stroke="#999"/>',
    ]
    for i, b in enumerate(bots):
        y = row * i + row / 2
        r = ratings[b]
        parts.append(f'<text x="4" y="{y + 5:.1f}" font-size="13">{_esc(b)}</text>')
        parts.append(
            f'<line x1="{x(r["low"]):.1f}" y1="{y:.1f}" x2="{x(r["high"]):.1f}" y2="{y:.1f}" '
            'stroke="#1f5fa8" stroke-width="3"/>'
        )
        parts.append(f'<circle cx="{x(r["elo"]):.1f}" cy="{y:.1f}" r="5" fill="#111"/>')
    parts.append(f'<text x="{left}" y="{row * len(bots) + 20}" font-size="12">{lo:.0f}</text>')
    parts.append(
        f'<text x="{width - 60}" y="{row * len(bots) + 20}" font-size="12">{hi:.0f} Elo</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _histogram_svg(scores: list[float], bins: int = 20) -> str:
    """The distribution of a bot's board scores."""
    if not scores:
        return ""
    lo, hi = min(scores), max(scores)
    width = (hi - lo) / bins or 1.0
    counts = [0] * bins
    for s in scores:
        counts[min(bins - 1, int((s - lo) / width))] += 1
    top = max(counts)
    w, h = 600, 120
    bar = w / bins
    parts = [f'<svg viewBox="0 0 {w} {h + 20}" role="img" aria-label="scores">']
    for i, c in enumerate(counts):
        height = h * c / top
        parts.append(
            f'<rect x="{i * bar + 1:.1f}" y="{h - height:.1f}" width="{bar - 2:.1f}" '
            f'height="{height:.1f}" fill="#4a7fb5"/>'
        )
    parts.append(f'<text x="0" y="{h + 16}" font-size="12">{lo:.1f}</text>')
    parts.append(f'<text x="{w - 40}" y="{h + 16}" font-size="12">{hi:.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def report_html(result: dict[str, Any], lang: str = "en") -> str:
    """The report page of a tournament result (:meth:`TournamentResult.to_dict`)."""
    env = Environment(autoescape=True)
    template = env.from_string(_TEMPLATE)
    ratings = result["ratings"]
    order = sorted(ratings, key=lambda b: -ratings[b]["elo"])
    by_bot = result["by_bot"]
    return template.render(
        lang=lang,
        t=lambda key: render(f"tournament.report.{key}", {}, lang),
        config=result["config"],
        executor=result["executor"],
        ratings=[(b, ratings[b]) for b in order],
        by_bot=by_bot,
        pairings=result["pairings"],
        rating_svg=_rating_svg({b: ratings[b] for b in order}),
        histograms=[(b, _histogram_svg(by_bot[b]["scores"])) for b in order],
        isfinite=math.isfinite,
    )


_ANALYSIS = """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ t("title") }}: {{ title }}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;max-width:48rem;color:#111;background:#fff;line-height:1.4}
h1{font-size:1.3rem;margin:0 0 .4rem}h2{font-size:1.1rem;margin:1.2rem 0 .3rem}p{margin:.3rem 0}
table{border-collapse:collapse;margin:.5rem 0;width:100%}
td,th{padding:.3rem .35rem;border-bottom:1px solid #ccc;text-align:right;vertical-align:top}
th{font-size:.9rem}th:first-child,td:first-child{text-align:left}td.name{overflow-wrap:anywhere}.name{text-align:left}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}.muted{color:#444}
tr.blunder td.verdict{color:#a00000;font-weight:bold}tr.mistake td.verdict{color:#8a4b00;font-weight:bold}
abbr{text-decoration:none}
ul{padding-left:1.2rem}
</style></head><body>
<h1>{{ t("title") }}: {{ title }}</h1>
<p class="muted">{{ t("method") | capitalize }}. {{ rule }}</p>
<table><tr><th scope="col">{{ t("player") }}</th><th scope="col">{{ t("decisions") }}</th><th scope="col">{{ t("lost") }}</th>
<th scope="col">?!</th><th scope="col">?</th><th scope="col">??</th></tr>
{% for p in players %}<tr><td class="name">{{ p.name }}</td><td class="num">{{ p.decisions }}</td><td class="num">{{ num(p.points_lost) }}</td>
<td class="num">{{ p.inaccuracy }}</td><td class="num">{{ p.mistake }}</td><td class="num">{{ p.blunder }}</td></tr>{% endfor %}</table>
<p class="muted">{{ v("inaccuracy") }} · {{ v("mistake") }} · {{ v("blunder") }}</p>
<h2>{{ t("luck") | capitalize }}</h2>
<ul>{% for line in luck %}<li>{{ line }}</li>{% endfor %}</ul>
<h2>{{ t("moves") }}</h2>
{% if decisions %}<table><tr><th scope="col">{{ t("deal") }}</th><th scope="col" class="name">{{ t("player") }}</th><th scope="col">{{ t("made") }}</th>
<th scope="col">{{ t("better") }}</th><th scope="col">{{ t("lost") }}</th></tr>
{% for d in decisions %}<tr class="{{ d.verdict }}"><td>{{ d.deal }}</td><td class="name">{{ names[d.person] }}</td>
<td>{{ shown(d.made) }}</td><td>{{ shown(d.best) }}</td><td class="num verdict">{{ num(d.loss) }}
<abbr title="{{ v(d.verdict) }}">{{ symbol[d.verdict] }}</abbr></td></tr>{% endfor %}
</table>{% else %}<p>{{ t("none") }}</p>{% endif %}
</body></html>
"""


def _shown(text: str, lang: str) -> str:
    """A move as the pages write it: a card in the page's notation ("D♠"), a call as it is."""
    from stickspel.core.cards import card_display, parse_card

    if len(text) == 2 and text[0] in "23456789TJQKA" and text[1] in "CDHS":
        return card_display(parse_card(text), lang)
    return text or "–"


def _rule_words(rule: dict[str, Any], lang: str) -> str:
    """When the analysis marks a move, in words (:data:`stickspel.analysis.NOISE_K` …)."""
    floor, k = number_text(rule["floor"], lang), number_text(rule["k"], lang)
    return render("replay.rule", {"floor": floor, "k": k, "n": rule["rechecks"]}, lang)


def luck_words(luck: float, name: str, lang: str, you: bool = False) -> str:
    """Luck in words: "Anna was dealt cards worth 9.2 points more than the table's average"."""
    shown = number_text(abs(luck), lang)
    how = "even" if shown == "0" else "more" if luck > 0 else "less"
    key = f"replay.luck_{how}{'_you' if you else ''}"
    return render(key, {"name": name, "n": shown}, lang)


def analysis_html(
    data: dict[str, Any], lang: str = "en", title: str | None = None, viewer: int | None = None
) -> str:
    """The page of a game's analysis (:meth:`Analysis.to_dict`): the players' summary,
    their luck in words and every move marked (a clear loss: inaccuracies and worse).
    ``title`` names the game in words (the game's title when not given); ``viewer``
    is the person reading, whom the page calls "you"."""
    from stickspel.analysis import MARKS

    template = Environment(autoescape=True).from_string(_ANALYSIS)
    marked = [d for d in data["decisions"] if d["verdict"] in MARKS]
    rule = data.get("rule") or {}
    return template.render(
        lang=lang,
        t=lambda key: render(f"analysis.{key}", {}, lang),
        v=lambda verdict: render(f"replay.verdict.{verdict}", {}, lang),
        num=lambda x: number_text(x, lang),
        shown=lambda text: _shown(text, lang),
        symbol={"inaccuracy": "?!", "mistake": "?", "blunder": "??"},
        title=title or game_title(data["game"], lang),
        rule=_rule_words(rule, lang) if rule else "",
        players=data["by_player"],
        luck=[
            luck_words(p["luck"], p["name"], lang, you=i == viewer)
            for i, p in enumerate(data["by_player"])
        ],
        names=data["players"],
        decisions=marked,
    )
