"""factory_boy factories for players, challenges, runs and entries, and a log builder.

``challenge_log`` plays a challenge greedily with the rules engine (the first legal
placement, else a draw), so tests get real, valid run logs without hard-coding any.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from challenges.boards.cache import leaderboard_cache_bump
from challenges.models import Challenge, Entry, Run
from challenges.moderation.entries import challenge_entry_stats_refresh
from challenges.players.record_book import player_record_rebuild
from challenges.slots import EPOCH, slot_closes_at, slot_number, slot_opens_at
from triominos import Board, deal_shuffle, replay_challenge, tile_parse

PASSWORD = "correct-horse-battery-staple"
# The deal of every challenge a test makes unless it asks for another (deal_seed=...).
TEST_DEAL_SEED = 20261129


@functools.cache
def _password_hash() -> str:
    return make_password(PASSWORD)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    # One real hash for every player: hashing each (PBKDF2, ~0.5 s) would dominate the suite.
    password = factory.LazyFunction(lambda: _password_hash())


class ChallengeFactory(factory.django.DjangoModelFactory):
    """A challenge for the slot open now unless ``number`` says otherwise."""

    class Meta:
        model = Challenge
        django_get_or_create = ("number",)

    number = factory.LazyFunction(lambda: slot_number(at=timezone.now()))
    opens_at = factory.LazyAttribute(lambda o: slot_opens_at(number=o.number))
    closes_at = factory.LazyAttribute(lambda o: slot_closes_at(number=o.number))
    seed = factory.LazyAttribute(lambda o: f"test-deal-{o.deal_seed}")

    class Params:
        # The tests choose the deal (the slot's own deal changes with the hour, and a
        # test's outcome must not); pass ``deal_seed`` for another one.
        deal_seed = TEST_DEAL_SEED

    tray = factory.LazyAttribute(lambda o: list(deal_shuffle(o.deal_seed).tray))
    well = factory.LazyAttribute(lambda o: list(deal_shuffle(o.deal_seed).well))


def challenge_log(
    challenge: Challenge,
    *,
    moves: int = 12,
    start_ms: int = 500,
    step_ms: int = 700,
    variant: int = 0,
) -> dict[str, Any]:
    """A valid log of up to ``moves`` moves on ``challenge``: the first legal placement,
    else a draw. ``variant`` picks other placements for the first three moves, so runs
    of different variants play different moves (a copied log is held for review)."""
    board = Board()
    tray = [tile_parse(tile_id) for tile_id in challenge.tray]
    well = [tile_parse(tile_id) for tile_id in challenge.well]
    log: list[dict[str, Any]] = []
    t = start_ms
    while len(log) < moves:
        legal = board.legal_placements(tray)
        if legal:
            choice = 0
            if len(log) < 3:
                choice = variant % len(legal)
                variant //= len(legal)
            placement = legal[choice]
            board.play(placement)
            tray.remove(placement.tile)
            log.append(
                {
                    "t": t,
                    "type": "place",
                    "tile": placement.tile.id,
                    "cell": [placement.cell.row, placement.cell.col],
                    "rotation": placement.rotation,
                }
            )
        elif well:
            tray.append(well.pop(0))
            log.append({"t": t, "type": "draw"})
        else:
            break
        t += step_ms
    return {"moves": log}


def _last_t(log: dict[str, Any]) -> int:
    return max((move["t"] for move in log["moves"]), default=0)


def challenge_log_score(challenge: Challenge, log: dict[str, Any]) -> int:
    """The engine's score for ``log`` (what the server must store)."""
    return replay_challenge(tray=challenge.tray, well=challenge.well, log=log).score


class RunFactory(factory.django.DjangoModelFactory):
    """A started run; ``finished=True`` makes it a finished valid run with a real log."""

    class Meta:
        model = Run

    player = factory.SubFactory(UserFactory)
    challenge = factory.SubFactory(ChallengeFactory)
    started_at = factory.LazyFunction(timezone.now)

    class Params:
        # Each finished run plays its own moves unless a test asks for the same ones.
        variant = factory.Sequence(lambda n: n)
        finished = factory.Trait(
            status=Run.Status.FINISHED,
            # Finished as the player's last move arrives: the server's clock agrees with it.
            finished_at=factory.LazyAttribute(
                lambda o: o.started_at + timedelta(milliseconds=_last_t(o.log))
            ),
            log=factory.LazyAttribute(lambda o: challenge_log(o.challenge, variant=o.variant)),
            # Witnessed: each move reached the server a quarter second after it was made.
            arrivals=factory.LazyAttribute(lambda o: [m["t"] + 250 for m in o.log["moves"]]),
            score=factory.LazyAttribute(lambda o: challenge_log_score(o.challenge, o.log)),
            move_results=factory.LazyAttribute(
                lambda o: [
                    {"points": m.points, "bonus": m.bonus}
                    for m in replay_challenge(
                        tray=o.challenge.tray, well=o.challenge.well, log=o.log
                    ).moves
                ]
            ),
        )


class EntryFactory(factory.django.DjangoModelFactory):
    """An entry with its own finished run; pass ``score`` to set the ranking score."""

    class Meta:
        model = Entry

    challenge = factory.SubFactory(ChallengeFactory)
    player = factory.SubFactory(UserFactory)
    run = factory.LazyAttribute(
        lambda o: RunFactory(
            player=o.player,
            challenge=o.challenge,
            status=Run.Status.FINISHED,
            finished_at=o.submitted_at,
            log={"moves": []},
            score=o.score,
        )
    )
    score = factory.Sequence(lambda n: 100 + n)
    submitted_at = factory.LazyFunction(timezone.now)
    voided_at = None
    # An entry made voided is void; pass status="held" (and hold_reasons) for the queue.
    status = factory.LazyAttribute(
        lambda o: Entry.Status.VOID if o.voided_at is not None else Entry.Status.LIVE
    )

    @classmethod
    def _create(cls, model_class: type[Entry], *args: Any, **kwargs: Any) -> Entry:
        # Keep what the submit service keeps: the challenge's counts and a fresh board.
        entry: Entry = super()._create(model_class, *args, **kwargs)
        challenge_entry_stats_refresh(challenge=entry.challenge)
        player_record_rebuild(player_id=entry.player_id)
        leaderboard_cache_bump(challenge=entry.challenge)
        return entry


def submitted_run(challenge: Challenge, *, player: Any = None, moves: int = 14) -> Run:
    """A finished run of ``moves`` moves of ``challenge`` (by ``player``, or a new one),
    played from the opening and submitted two minutes in: a run on the board."""
    extra = {"player": player} if player is not None else {}
    run: Run = RunFactory(
        challenge=challenge,
        finished=True,
        started_at=challenge.opens_at,
        log=challenge_log(challenge, moves=moves),
        **extra,
    )
    EntryFactory(
        challenge=challenge,
        player=run.player,
        run=run,
        score=run.score,
        submitted_at=challenge.opens_at + timedelta(minutes=2),
    )
    return run


def at(text: str) -> datetime:
    """An aware UTC datetime from ``"2026-11-21T07:59:59.999"``."""
    return datetime.fromisoformat(text).replace(tzinfo=EPOCH.tzinfo)


def player_history(player: Any, shares: list[float], *, par: int = 1000) -> None:
    """Give ``player`` a record: one live entry per past challenge, scoring each share of
    ``par``, counted in their form (what ``entry_submit`` keeps on every live submit)."""
    from challenges.models import FormPoint, PlayerForm

    now_slot = slot_number(at=timezone.now())
    for index, share in enumerate(shares):
        past = ChallengeFactory(number=now_slot - 3 * (len(shares) - index), par=par)
        when = past.opens_at + timedelta(minutes=5)
        entry = EntryFactory(
            challenge=past, player=player, score=round(share * par), submitted_at=when
        )
        FormPoint.objects.create(
            player=player, challenge=past, entry=entry, share=share, counted=True, at=when
        )
    form, _made = PlayerForm.objects.get_or_create(player=player)
    form.challenges += len(shares)
    form.save(update_fields=["challenges"])
