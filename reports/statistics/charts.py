"""Charts drawn on the server as inline SVG: no script, no CDN, no font download.

Every mark is a link to the hands behind it. Labels arrive translated (the caller's language);
everything written into the markup is escaped. Presentation attributes only (no style attributes),
so a strict Content-Security-Policy needs nothing for them. The viewBox is about a phone's width,
so text stays legible at 360 px; CSS (.chart) lets it grow on a desktop.
"""

from dataclasses import dataclass
from html import escape

WIDTH = 400
COLOURS = ("#2563eb", "#16a34a", "#9ca3af", "#dc2626", "#9333ea")


@dataclass(frozen=True)
class Part:
    label: str
    value: int
    href: str
    colour: str = ""


def _a(href: str, body: str, title: str) -> str:
    return f'<a href="{escape(href)}"><title>{escape(title)}</title>{body}</a>'


def stacked_bar(parts: list[Part], *, title: str) -> str:
    """One bar split into its parts (e.g. discard wins, self-drawn wins, draws), a legend below it."""
    total = sum(part.value for part in parts)
    bar_y, bar_h, legend_y = 8, 28, 58
    height = legend_y + len(parts) * 22
    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif" font-size="13">',
        f'<rect x="0" y="{bar_y}" width="{WIDTH}" height="{bar_h}" fill="#f3f4f6"/>',
    ]
    x = 0.0
    for index, part in enumerate(parts):
        colour = part.colour or COLOURS[index % len(COLOURS)]
        width = WIDTH * part.value / total if total else 0
        share = f"{100 * part.value / total:.0f}%" if total else "0%"
        if width:
            rect = f'<rect x="{x:.1f}" y="{bar_y}" width="{width:.1f}" height="{bar_h}" fill="{colour}"/>'
            out.append(_a(part.href, rect, f"{part.label}: {part.value} ({share})"))
        x += width
        lx, ly = 0, legend_y + index * 22  # one line each: long labels (Chinese, Japanese too) fit at 360 px
        legend = (f'<rect x="{lx}" y="{ly - 11}" width="12" height="12" fill="{colour}"/>'
                  f'<text x="{lx + 17}" y="{ly}" fill="#111827">{escape(part.label)}: {part.value} ({share})</text>')
        out.append(_a(part.href, legend, f"{part.label}: {part.value}"))
    out.append("</svg>")
    return "".join(out)


def fan_bars(rows: list[dict], *, title: str, observed_label: str, expected_label: str, not_modelled: str) -> str:
    """Per fan two bars: the share of the wins that scored it here (solid) and the expected share
    from the simulation (outlined); `rows`: {label, share, expected, href}."""
    row_h, top = 40, 26
    height = top + row_h * len(rows) + 4
    scale = max([row["share"] for row in rows] + [row["expected"] or 0 for row in rows] + [0.01])
    bar_x, bar_w = 0, WIDTH - 60
    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif" font-size="13">',
        f'<rect x="0" y="2" width="12" height="10" fill="{COLOURS[0]}"/>'
        f'<text x="16" y="12" fill="#111827">{escape(observed_label)}</text>',
        f'<rect x="{WIDTH / 2}" y="2" width="12" height="10" fill="none" stroke="#111827"/>'
        f'<text x="{WIDTH / 2 + 16}" y="12" fill="#111827">{escape(expected_label)}</text>',
    ]
    for index, row in enumerate(rows):
        y = top + index * row_h
        observed_w = bar_w * row["share"] / scale
        body = (
            f'<text x="0" y="{y + 11}" fill="#111827">{escape(row["label"])}</text>'
            f'<rect x="{bar_x}" y="{y + 15}" width="{max(observed_w, 1):.1f}" height="9" fill="{COLOURS[0]}"/>'
            f'<text x="{bar_x + observed_w + 4:.1f}" y="{y + 23}" fill="#111827">{100 * row["share"]:.1f}%</text>'
        )
        if row["expected"] is None:
            body += f'<text x="{bar_x}" y="{y + 36}" fill="#6b7280">{escape(not_modelled)}</text>'
        else:
            expected_w = bar_w * row["expected"] / scale
            body += (
                f'<rect x="{bar_x}" y="{y + 27}" width="{max(expected_w, 1):.1f}" height="9" fill="none" '
                f'stroke="#111827" stroke-width="1"/>'
                f'<text x="{bar_x + expected_w + 4:.1f}" y="{y + 36}" fill="#6b7280">'
                f'{100 * row["expected"]:.1f}%</text>'
            )
        out.append(_a(row["href"], body, row["label"]))
    out.append("</svg>")
    return "".join(out)
