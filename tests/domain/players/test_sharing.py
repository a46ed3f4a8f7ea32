"""A player's bests and runs after a run (personal.py), and what a share card may show
(sharing.py): nothing of the tiles before the results are out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from challenges.moderation.entries import entry_submit
from challenges.players.records import Place
from challenges.players.sharing import bonuses_of, share_card
from tests.factories import ChallengeFactory, RunFactory, at

pytestmark = pytest.mark.django_db


def test_a_card_shows_score_rank_and_bonuses_and_the_board_only_after_results() -> None:
    challenge = ChallengeFactory(opens_at=at("2026-11-19T00:00"), closes_at=at("2026-11-19T08:00"))
    run = RunFactory(challenge=challenge, finished=True, started_at=at("2026-11-19T01:00"))
    entry_submit(run_id=run.pk, player_id=run.player_id, now=at("2026-11-19T01:05"))
    during = share_card(run=run, now=at("2026-11-19T02:00"))
    assert during.rank == Place(rank=1, count=1)
    assert during.score == run.score
    assert not during.board_revealed and during.board == ()
    text = during.text("https://example.test/share/x/")
    assert text.splitlines()[0] == f"Tri-Ominos Daily #{challenge.number}"
    assert text.splitlines()[1] == f"{run.score} points · rank 1 of 1"
    for tile in [*challenge.tray, *challenge.well]:
        assert tile not in text, "a card never names a tile"
    after = share_card(run=run, now=challenge.results_at)
    assert after.board_revealed
    assert len(after.board) == sum(1 for move in run.log["moves"] if move["type"] == "place")


def test_par_percent_and_the_bonus_line() -> None:
    moves = [{"points": 9, "bonus": "bridge"}, {"points": 3, "bonus": None}, {"bonus": "hexagon"}]
    assert bonuses_of(moves) == ("bridge", "hexagon")
    challenge = ChallengeFactory()
    run = RunFactory(challenge=challenge, finished=True)
    card = share_card(run=run)
    plain = replace(card, bonuses_made=(), cleared=False)
    assert plain.bonuses == ""
    lines = plain.text("https://example.test/share/x/").splitlines()
    assert len(lines) == 3 and lines[-1] == "https://example.test/share/x/", "no line of a lone dot"
    assert "·" not in lines[2:]
    assert replace(card, bonuses_made=("bridge", "double_hexagon"), cleared=True).bonuses == (
        "🌉⬡⬡✨"
    )
    assert card.par_percent is None, "no par known, no % of par"
    assert "% of par" not in card.summary
