"""The page-number helpers the paginated pages share."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from challenges.views import page_number_parse, page_window


@pytest.mark.parametrize(
    ("current", "num_pages", "expected"),
    [
        (1, 1, [1]),
        (1, 4, [1, 2, 3, 4]),
        (9, 20, [1, None, 7, 8, 9, 10, 11, None, 20]),
        (1, 20, [1, 2, 3, None, 20]),
        (20, 20, [1, None, 18, 19, 20]),
        (5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]),  # a gap of one page shows that page
    ],
)
def test_page_window_shows_ends_and_neighbours(
    current: int, num_pages: int, expected: list[int | None]
) -> None:
    assert page_window(page=current, num_pages=num_pages) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [("", 1), ("page=3", 3), ("page=0", 1), ("page=-2", 1), ("page=x", 1), ("page=99999999999", 1)],
)
def test_page_number_parse_falls_back_to_the_first_page(query: str, expected: int) -> None:
    assert page_number_parse(RequestFactory().get(f"/challenges/?{query}")) == expected
