"""The share card's picture: the hidden board's two lines stay inside their panel in
every language (German's are the longest), at the largest size that fits."""

from __future__ import annotations

import pytest
from django.utils import translation
from PIL import Image, ImageDraw

from challenges.views import share_picture
from tests.languages import TRANSLATED

DRAWN_SIZE = 34


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_the_hidden_boards_words_fit_their_panel(language: str) -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (share_picture.WIDTH, share_picture.HEIGHT)))
    width = share_picture.HIDDEN_BOARD_TEXT_WIDTH
    with translation.override(language):
        lines = share_picture.hidden_board_lines()
    size = share_picture.fitting_size(draw, lines, DRAWN_SIZE, width)
    widths = [share_picture._text_width(draw, line, size) for line in lines]
    assert max(widths) <= width, (language, size, widths)
    if size < DRAWN_SIZE:
        # Only as small as needed: a size up and a line is too wide.
        assert any(share_picture._text_width(draw, line, size + 1) > width for line in lines)


def test_german_needs_smaller_letters_than_english() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (share_picture.WIDTH, share_picture.HEIGHT)))
    sizes = {}
    for language in ("en", "de"):
        with translation.override(language):
            lines = share_picture.hidden_board_lines()
        sizes[language] = share_picture.fitting_size(
            draw, lines, DRAWN_SIZE, share_picture.HIDDEN_BOARD_TEXT_WIDTH
        )
    assert sizes["en"] == DRAWN_SIZE > sizes["de"]
