"""Deterministic placeholder icons: an integration's initials on a circle coloured from its slug."""

import colorsys
import re
from hashlib import sha256
from html import escape


def icon_file_name(slug: str) -> str:
    return re.sub(r"\W+", "-", slug.lower()).strip("-") + ".svg"


def icon_url(slug: str) -> str:
    """The path the app serves the icon at (frontend/public/icons/)."""
    return "/icons/" + icon_file_name(slug)


def _initials(name: str) -> str:
    words = re.findall(r"[^\W_]+", name)
    return "".join(word[0] for word in words[:2]).upper() if len(words) > 1 else words[0][0].upper()


def _colour(slug: str) -> str:
    hue = int.from_bytes(sha256(slug.encode()).digest()[:2], "big") / 0x10000
    # Dark and saturated enough for white text to stay readable.
    red, green, blue = colorsys.hls_to_rgb(hue, 0.40, 0.55)
    return "#{:02x}{:02x}{:02x}".format(*(round(channel * 255) for channel in (red, green, blue)))


def icon_svg(slug: str, name: str) -> str:
    initials = _initials(name)
    font_size = 28 if len(initials) == 1 else 24
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" '
        f'role="img" aria-label="{escape(name)}">'
        f'<circle cx="32" cy="32" r="32" fill="{_colour(slug)}"/>'
        f'<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#ffffff" font-size="{font_size}" '
        'font-weight="600" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">'
        f"{escape(initials)}</text></svg>\n"
    )
