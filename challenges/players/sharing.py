"""Sharing a run: the text card (Wordle style) and what its result page may show.

What a card may reveal is decided here, once: the challenge's number, the score, the
% of par, the rank and a line of symbols for the bonuses in the order they were made.
None of these tells a tile. The final board (the tiles, their places) is shown only
once the challenge's results are out (``Challenge.results_at``): before then anyone
could copy the board from a shared picture while the challenge can still be played.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

from django.utils import timezone
from django.utils.translation import gettext

from challenges.boards.standing import leaderboard_rank
from challenges.bonus_words import BONUS_WORDS
from challenges.engine import RULESET, PlacedTile, log_placed_tiles
from challenges.errors import RunNotFound
from challenges.models import Entry, Run
from challenges.players.guests import guest_played
from challenges.players.records import (
    OwnRun,
    Place,
    RunStanding,
    challenge_par,
    own_runs,
    run_standing,
)

GAME_NAME = "Tri-Ominos Daily"
# One symbol per bonus (bonus_words.py), in the order they were made; a cleared board
# ends the line.
CLEARED_SYMBOL = "✨"
# A hard-mode run's mark, on its share and next to its entry on a board.
HARD_MARK = "*"


@dataclass(frozen=True)
class ShareCard:
    run_id: uuid.UUID
    challenge_id: int
    challenge_number: int
    player: str
    score: int
    par: int | None
    rank: Place | None
    # The bonuses made, in order (RULES.md's names), and whether the board was cleared.
    bonuses_made: tuple[str, ...]
    cleared: bool
    # The final board, only once the results are out (empty before: nothing to copy).
    board: tuple[PlacedTile, ...]
    board_revealed: bool
    # Played in hard mode: "*" after the number, as everyone's share reads it.
    hard: bool = False

    @property
    def par_percent(self) -> int | None:
        """The score as a whole % of par; None without a (positive) par."""
        if self.par is None or self.par <= 0:
            return None
        return round(100 * self.score / self.par)

    @property
    def bonuses(self) -> str:
        """The bonuses as a line of symbols, empty when there were none."""
        symbols = [BONUS_WORDS[name].symbol for name in self.bonuses_made]
        if self.cleared:
            symbols.append(CLEARED_SYMBOL)
        return "".join(symbols)

    @property
    def number_marked(self) -> str:
        """The number as every card shows it: "#812", or "#812*" for a hard-mode run."""
        return f"#{self.challenge_number}{HARD_MARK if self.hard else ''}"

    @property
    def headline(self) -> str:
        return f"{GAME_NAME} {self.number_marked}"

    @property
    def summary(self) -> str:
        # In the language of the request that shows it (the card's page, its text).
        parts = [gettext("%(score)s points") % {"score": self.score}]
        if self.par_percent is not None:
            parts.append(gettext("%(percent)s%% of par") % {"percent": self.par_percent})
        if self.rank is not None:
            parts.append(
                gettext("rank %(rank)s of %(count)s")
                % {"rank": self.rank.rank, "count": self.rank.count}
            )
        return " · ".join(parts)

    def text(self, url: str) -> str:
        """The card as it is pasted into a chat: the headline, the summary, the bonuses
        (no line without any), the link last."""
        lines = [self.headline, self.summary, self.bonuses, url]
        return "\n".join(line for line in lines if line)


def bonuses_of(move_results: object) -> tuple[str, ...]:
    """The bonuses of a run's replayed moves, in order."""
    moves = move_results if isinstance(move_results, list) else []
    return tuple(
        move["bonus"]
        for move in moves
        if isinstance(move, dict) and move.get("bonus") in BONUS_WORDS
    )


def run_shareable(run: Run) -> bool:
    """Only a finished valid run has a card: a rejected run has no score to share, and a
    guest's run none until an account claims it (no guest shows anywhere public)."""
    return run.is_valid and run.score is not None and not guest_played(player_id=run.player_id)


def run_card_public(*, run: Run, now: datetime | None = None) -> bool:
    """Whether anyone with the link may see ``run``'s card (its page and its picture).

    Before the results, any shareable run: the card shows no tile. Once they are out,
    the card shows the board, so only what the API shows anyone: a live entry's run (an
    unsubmitted, held or voided run answers 404 there, and so here)."""
    if not run_shareable(run):
        return False
    if not run.challenge.results_out(now or timezone.now()):
        return True
    return Entry.objects.live().filter(run=run).exists()


def share_card(*, run: Run, now: datetime | None = None) -> ShareCard:
    """The card of a finished valid ``run`` (``run_shareable``), as of ``now``."""
    assert run_shareable(run) and run.score is not None
    now = now or timezone.now()
    challenge = run.challenge
    standing = leaderboard_rank(challenge=challenge, player=run.player)
    ranked = standing is not None and standing.entry.run_id == run.pk and standing.entry.is_live
    revealed = challenge.results_out(now)
    placed = log_placed_tiles(log=run.log, valid_moves=len(run.move_results))
    return ShareCard(
        run_id=run.pk,
        challenge_id=challenge.pk,
        challenge_number=challenge.number,
        player=run.player.get_username(),
        score=run.score,
        par=challenge_par(challenge),
        rank=Place(rank=standing.rank, count=standing.count) if ranked and standing else None,
        bonuses_made=bonuses_of(run.move_results),
        cleared=len(placed) == RULESET.tile_count,
        board=placed if revealed else (),
        board_revealed=revealed,
        hard=run.hard,
    )


def share_card_public(*, run_id: uuid.UUID, now: datetime | None = None) -> ShareCard | None:
    """The card of run ``run_id`` if anyone with the link may see it
    (``run_card_public``); None otherwise."""
    run = Run.objects.select_related("challenge", "player").filter(pk=run_id).first()
    if run is None or not run_card_public(run=run, now=now):
        return None
    return share_card(run=run, now=now)


@dataclass(frozen=True)
class RunEnd:
    """What the end screen shows of a player's finished valid run."""

    standing: RunStanding
    card: ShareCard
    runs: list[OwnRun]
    """The player's finished valid runs of the challenge, best first."""


def run_end_read(*, run_id: uuid.UUID, player_id: int, tz: tzinfo = UTC) -> RunEnd | None:
    """The end screen of the player's run ``run_id`` (days counted in ``tz``); None for a
    run that has none (not finished and valid, or a guest's). Raises ``RunNotFound``
    if the player has no such run."""
    run = (
        Run.objects.select_related("challenge", "player")
        .filter(pk=run_id, player_id=player_id)
        .first()
    )
    if run is None:
        raise RunNotFound(gettext("You have no run with this id."))
    if not run_shareable(run):
        return None
    return RunEnd(
        standing=run_standing(run=run, tz=tz),
        card=share_card(run=run),
        runs=own_runs(challenge_id=run.challenge_id, player_id=player_id),
    )
