"""The share card as a picture: a 1200 x 630 PNG (the Open Graph size chat apps
preview), drawn with Pillow from the domain's ShareCard. The final board is drawn only
when the card reveals it (the results are out); before, the panel says when it will be.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from django.utils.translation import gettext
from PIL import Image, ImageDraw, ImageFont

from challenges.bonus_words import bonus_rows
from challenges.engine import PlacedTile
from challenges.players.selectors import ShareCard

WIDTH, HEIGHT = 1200, 630
BOARD_BOX = (640, 40, 1160, 590)  # left, top, right, bottom
# The words' column, left of the board: from x = 60 to 20 px before it.
TEXT_WIDTH = BOARD_BOX[0] - 20 - 60
# The site's colours (site.css): its header's brown, its tiles' cream.
BACKGROUND = (58, 42, 29)
PANEL = (78, 59, 43)
# The hidden board's words keep 40 px from each side of its panel.
HIDDEN_BOARD_TEXT_WIDTH = BOARD_BOX[2] - BOARD_BOX[0] - 2 * 40
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


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
# The faces a card draws with, each character in the first that has it: DejaVu Sans
# (Latin, Greek, Cyrillic, Hebrew, Arabic; Debian's fonts-dejavu-core), then Droid Sans
# Fallback (Chinese, Japanese; fonts-droid-fallback). `make install` and .ci/run
# install both. Pillow's own font (Latin only) is the last resort, so a machine
# without them still draws a card.
FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
)
# A code point no font has: what each face draws for a missing glyph (its .notdef).
_NO_GLYPH = "\U0010fffd"
_PROBE_SIZE = 24


@cache
def _faces(size: int) -> tuple[Font, ...]:
    found: list[Font] = [
        ImageFont.truetype(str(path), size) for path in FONT_FILES if path.exists()
    ]
    return (*found, ImageFont.load_default(size=size))


def _mask(face: Font, text: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(text)
    return mask.size, bytes(mask)


@cache
def _face_has(index: int, char: str) -> bool:
    face = _faces(_PROBE_SIZE)[index]
    return _mask(face, char) != _mask(face, _NO_GLYPH)


def _face_index(char: str) -> int | None:
    """The first face that draws ``char``; None when none does."""
    for index in range(len(_faces(_PROBE_SIZE))):
        if _face_has(index, char):
            return index
    return None


def glyphs_missing(text: str) -> list[str]:
    """The characters of ``text`` no face of the card draws (they would show as boxes)."""
    return [
        char
        for char in text
        if not char.isspace() and not unicodedata.combining(char) and _face_index(char) is None
    ]


def _runs(text: str) -> list[tuple[str, int]]:
    """``text`` cut where the face that draws it changes: (piece, face index). Spaces
    and combining marks stay with the piece they are in."""
    runs: list[tuple[str, int]] = []
    for char in text:
        keep = char.isspace() or unicodedata.combining(char)
        index = runs[-1][1] if runs and keep else (_face_index(char) or 0)
        if runs and runs[-1][1] == index:
            runs[-1] = (runs[-1][0] + char, index)
        else:
            runs.append((char, index))
    return runs


def _text_width(draw: ImageDraw.ImageDraw, text: str, size: int) -> float:
    faces = _faces(size)
    return sum(draw.textlength(piece, font=faces[index]) for piece, index in _runs(text))


def _fitted(draw: ImageDraw.ImageDraw, text: str, size: int, width: float) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width``."""
    if _text_width(draw, text, size) <= width:
        return text
    while text and _text_width(draw, text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def _draw_text(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
) -> None:
    """Draw ``text`` piece by piece, each in a face that has its glyphs, on one baseline.
    ``anchor`` as Pillow's: l/m horizontally, a/m/d/s vertically."""
    faces = _faces(size)
    pieces = _runs(text)
    widths = [draw.textlength(piece, font=faces[index]) for piece, index in pieces]
    x = at[0] - (sum(widths) / 2 if anchor[0] == "m" else 0)
    primary = faces[0]
    ascent, descent = primary.getmetrics() if hasattr(primary, "getmetrics") else (size, 0)
    baseline = {
        "a": at[1] + ascent,
        "m": at[1] + (ascent - descent) / 2,
        "d": at[1] - descent,
        "s": at[1],
    }[anchor[1]]
    for (piece, index), width in zip(pieces, widths, strict=True):
        draw.text((x, baseline), piece, fill=fill, font=faces[index], anchor="ls")
        x += width


def bonus_words(card: ShareCard) -> str:
    """ "2 bridges, 1 hexagon, board cleared", or "no bonus"."""
    parts = []
    for row in bonus_rows():
        count = card.bonuses_made.count(row.bonus)
        if count:
            parts.append(row.words.counted(count) % {"count": count})
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
    font = _faces(max(NUMBER_MIN_PX, round(scale * 0.24)))[0]
    for tile in tiles:
        corners = [(x * scale + dx, y * scale + dy) for x, y in tile.corners]
        draw.polygon(corners, fill=TILE_FACE, outline=TILE_EDGE, width=max(1, round(scale / 40)))
        cx = sum(x for x, _ in corners) / 3
        cy = sum(y for _, y in corners) / 3
        for (x, y), number in zip(corners, tile.numbers, strict=True):
            at = (cx + (x - cx) * NUMBER_INSET, cy + (y - cy) * NUMBER_INSET)
            draw.text(at, str(number), fill=TILE_NUMBER, font=font, anchor="mm")


def fitting_size(draw: ImageDraw.ImageDraw, texts: Sequence[str], size: int, width: float) -> int:
    """The largest size up to ``size`` at which every one of ``texts`` is at most
    ``width`` wide (a language's longer words get smaller letters, never cut ones)."""
    while size > NUMBER_MIN_PX and any(_text_width(draw, text, size) > width for text in texts):
        size -= 1
    return size


def hidden_board_lines() -> tuple[str, str]:
    # One sentence on two lines; each line is a message (a translation keeps the break).
    return gettext("The board is shown"), gettext("once the results are out")


def _draw_hidden_board(draw: ImageDraw.ImageDraw) -> None:
    left, top, right, bottom = BOARD_BOX
    draw.rounded_rectangle(BOARD_BOX, radius=24, fill=PANEL)
    middle = ((left + right) / 2, (top + bottom) / 2)
    first, second = hidden_board_lines()
    size = fitting_size(draw, (first, second), 34, HIDDEN_BOARD_TEXT_WIDTH)
    _draw_text(draw, middle, first, size=size, fill=MUTED, anchor="md")
    _draw_text(draw, (middle[0], middle[1] + 12), second, size=size, fill=MUTED, anchor="ma")


def share_picture_png(card: ShareCard) -> bytes:
    """The card's picture, as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_text(draw, (60, 70), "Tri-Ominos Daily", size=40, fill=MUTED)
    _draw_text(draw, (60, 125), card.number_marked, size=96, fill=TEXT)
    # In the language of the request for the picture (its Accept-Language; LocaleMiddleware
    # makes the answer vary on it).
    points = gettext("%(score)s points") % {"score": card.score}
    _draw_text(draw, (60, 260), points, size=72, fill=ACCENT)
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
        _draw_text(draw, (60, 370 + index * 52), line, size=40, fill=TEXT)
    played_by = gettext("played by %(player)s") % {"player": card.player}
    played_by = _fitted(draw, played_by, 30, TEXT_WIDTH)
    _draw_text(draw, (60, 560), played_by, size=30, fill=MUTED)
    if card.board_revealed and card.board:
        _draw_board(draw, card.board)
    else:
        _draw_hidden_board(draw)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
