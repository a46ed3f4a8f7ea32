"""The share card as a picture: a 1200 x 630 PNG (the Open Graph size chat apps
preview), drawn with Pillow from the domain's ShareCard. The final board is drawn only
when the card reveals it (the results are out); before, the panel says when it will be.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import cache

from django.utils.translation import gettext, ngettext
from PIL import Image, ImageDraw, ImageFont

from challenges.engine import PlacedTile
from challenges.players.selectors import ShareCard

WIDTH, HEIGHT = 1200, 630
BOARD_BOX = (640, 40, 1160, 590)  # left, top, right, bottom
# The site's colours (site.css): its header's brown, its tiles' cream.
BACKGROUND = (58, 42, 29)
PANEL = (78, 59, 43)
TEXT = (251, 243, 228)
MUTED = (216, 200, 174)
ACCENT = (240, 201, 135)
TILE_FACE = (255, 250, 240)
TILE_EDGE = (181, 155, 116)
TILE_NUMBER = (42, 33, 24)
# Corner numbers sit this far from the centre towards their corner.
NUMBER_INSET = 0.56
# Tile numbers stay readable however large the board: never below 12 px.
NUMBER_MIN_PX = 12
# Each bonus counted in words, in the reader's language (one ngettext call each, so
# makemessages finds both forms).
BONUS_WORDS: dict[str, Callable[[int], str]] = {
    "bridge": lambda n: ngettext("%(count)s bridge", "%(count)s bridges", n),
    "hexagon": lambda n: ngettext("%(count)s hexagon", "%(count)s hexagons", n),
    "double_hexagon": lambda n: ngettext(
        "%(count)s double hexagon", "%(count)s double hexagons", n
    ),
    "triple_hexagon": lambda n: ngettext(
        "%(count)s triple hexagon", "%(count)s triple hexagons", n
    ),
}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow's own scalable font: no system font needed on any machine.
    return ImageFont.load_default(size=size)


def bonus_words(card: ShareCard) -> str:
    """ "2 bridges, 1 hexagon, board cleared", or "no bonus"."""
    parts = []
    for name, words in BONUS_WORDS.items():
        count = card.bonuses_made.count(name)
        if count:
            parts.append(words(count) % {"count": count})
    if card.cleared:
        parts.append(gettext("board cleared"))
    return ", ".join(parts) or gettext("no bonus")


def _board_transform(
    tiles: Sequence[PlacedTile],
) -> tuple[float, float, float]:
    """Scale and offset that fit every tile's corners into BOARD_BOX, centred."""
    xs = [x for tile in tiles for x, _ in tile.corners]
    ys = [y for tile in tiles for _, y in tile.corners]
    left, top, right, bottom = BOARD_BOX
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    scale = min((right - left) / width, (bottom - top) / height, 160.0)
    dx = left + ((right - left) - width * scale) / 2 - min(xs) * scale
    dy = top + ((bottom - top) - height * scale) / 2 - min(ys) * scale
    return scale, dx, dy


def _draw_board(draw: ImageDraw.ImageDraw, tiles: Sequence[PlacedTile]) -> None:
    scale, dx, dy = _board_transform(tiles)
    font = _font(max(NUMBER_MIN_PX, round(scale * 0.24)))
    for tile in tiles:
        corners = [(x * scale + dx, y * scale + dy) for x, y in tile.corners]
        draw.polygon(corners, fill=TILE_FACE, outline=TILE_EDGE, width=max(1, round(scale / 40)))
        cx = sum(x for x, _ in corners) / 3
        cy = sum(y for _, y in corners) / 3
        for (x, y), number in zip(corners, tile.numbers, strict=True):
            at = (cx + (x - cx) * NUMBER_INSET, cy + (y - cy) * NUMBER_INSET)
            draw.text(at, str(number), fill=TILE_NUMBER, font=font, anchor="mm")


def _draw_hidden_board(draw: ImageDraw.ImageDraw) -> None:
    left, top, right, bottom = BOARD_BOX
    draw.rounded_rectangle(BOARD_BOX, radius=24, fill=PANEL)
    middle = ((left + right) / 2, (top + bottom) / 2)
    # One sentence on two lines; each line is a message (a translation keeps the break).
    draw.text(middle, gettext("The board is shown"), fill=MUTED, font=_font(34), anchor="md")
    draw.text(
        (middle[0], middle[1] + 12),
        gettext("once the results are out"),
        fill=MUTED,
        font=_font(34),
        anchor="ma",
    )


def share_picture_png(card: ShareCard) -> bytes:
    """The card's picture, as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((60, 70), "Tri-Ominos Daily", fill=MUTED, font=_font(40))
    draw.text((60, 125), f"#{card.challenge_number}", fill=TEXT, font=_font(96))
    # In the language of the request for the picture (its Accept-Language; LocaleMiddleware
    # makes the answer vary on it).
    points = gettext("%(score)s points") % {"score": card.score}
    draw.text((60, 260), points, fill=ACCENT, font=_font(72))
    lines = []
    if card.par_percent is not None:
        lines.append(gettext("%(percent)s%% of par") % {"percent": card.par_percent})
    if card.rank is not None:
        lines.append(
            gettext("rank %(rank)s of %(count)s")
            % {"rank": card.rank.rank, "count": card.rank.count}
        )
    lines.append(bonus_words(card))
    for index, line in enumerate(lines):
        draw.text((60, 370 + index * 52), line, fill=TEXT, font=_font(40))
    played_by = gettext("played by %(player)s") % {"player": card.player}
    draw.text((60, 560), played_by, fill=MUTED, font=_font(30))
    if card.board_revealed and card.board:
        _draw_board(draw, card.board)
    else:
        _draw_hidden_board(draw)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
