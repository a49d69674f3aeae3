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

from stickspel.i18n import render
from stickspel.safetext import plain

__all__ = ["report_html", "analysis_html"]

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
<title>{{ t("title") }}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem;color:#111;background:#fff}
table{border-collapse:collapse;margin:1rem 0}td,th{padding:.3rem .6rem;border-bottom:1px solid #ccc;text-align:right}
th:first-child,td:first-child{text-align:left}.blunder{color:#a00000;font-weight:bold}.mistake{color:#8a4b00}
</style></head><body>
<h1>{{ t("title") }}</h1>
<p>{{ rules }} · {{ t("method") }}</p>
<table><tr><th>{{ t("player") }}</th><th>{{ t("decisions") }}</th><th>{{ t("lost") }}</th>
<th>{{ t("luck") }}</th><th>{{ t("inaccuracy") }}</th><th>{{ t("mistake") }}</th><th>{{ t("blunder") }}</th></tr>
{% for p in players %}<tr><td>{{ p.name }}</td><td>{{ p.decisions }}</td><td>{{ "%.1f"|format(p.points_lost) }}</td>
<td>{{ "%+.1f"|format(p.luck) }}</td><td>{{ p.inaccuracy }}</td><td>{{ p.mistake }}</td><td>{{ p.blunder }}</td></tr>{% endfor %}</table>
<h2>{{ t("moves") }}</h2>
<table><tr><th>{{ t("deal") }}</th><th>{{ t("player") }}</th><th>{{ t("made") }}</th><th>{{ t("best") }}</th>
<th>{{ t("lost") }}</th><th></th></tr>
{% for d in decisions %}<tr class="{{ d.verdict }}"><td>{{ d.deal }}</td><td>{{ names[d.person] }}</td>
<td>{{ d.made }}</td><td>{{ d.best }}</td><td>{{ "%.1f"|format(d.loss) }}</td><td>{{ t(d.verdict) }}</td></tr>{% endfor %}
</table></body></html>
"""


def analysis_html(data: dict[str, Any], lang: str = "en") -> str:
    """The page of a game's analysis (:meth:`Analysis.to_dict`): the players' summary
    and every move that lost points (inaccuracies and worse)."""
    template = Environment(autoescape=True).from_string(_ANALYSIS)
    flagged = [d for d in data["decisions"] if d["verdict"] in ("inaccuracy", "mistake", "blunder")]
    return template.render(
        lang=lang,
        t=lambda key: render(f"analysis.{key}", {}, lang),
        rules=data["rules"],
        players=data["by_player"],
        names=data["players"],
        decisions=flagged,
    )
