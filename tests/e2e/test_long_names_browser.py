"""A name of 150 characters (older accounts may have one) wraps on the board: the
scores stay on the screen, on a laptop and on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import EntryFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [1280, 360])
def test_a_long_name_does_not_push_the_scores_off_the_board(
    page: Any, site_url: str, open_challenge: Any, width: int
) -> None:
    long_name = "w" * 150
    EntryFactory(challenge=open_challenge, player=UserFactory(username=long_name), score=77)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{site_url}/challenges/{open_challenge.pk}/")
    row = page.locator("table.data tbody tr", has_text="www")
    score = row.locator("td.n strong")
    box = score.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= width, f"the score is off-screen at {box}"
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide"
