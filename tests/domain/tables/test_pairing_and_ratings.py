"""The rated pool and what a table's end gives: waves group neighbours in rating (3-4
seats together), widen with waiting, never seat linked accounts together; ratings move
by Plackett-Luce and are provisional at first; silver coins, one against the
computers, two at a table of people."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from challenges.classic import services as classic
from challenges.models import LiveTable, PairingTicket, PlayerForm, PlayerRating, TableMember
from challenges.tables import leaving, pairing
from challenges.tables.errors import PairingAlready, PairingForAccounts
from challenges.tables.selectors import coins_of, pairing_status, tables_record
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _rated(player_id: int, shown: int, games: int = 10) -> None:
    PlayerRating.objects.update_or_create(
        player_id=player_id,
        defaults={"mu": shown / 60, "sigma": 3.0, "games": games, "updated_at": timezone.now()},
    )


def test_a_wave_seats_four_neighbours_in_rating_at_one_rated_table() -> None:
    players = [UserFactory() for _ in range(5)]
    for player, shown in zip(players, (1500, 1520, 1540, 1560, 2400), strict=True):
        _rated(player.pk, shown)
    now = timezone.now()
    for player in players:
        pairing.pairing_join(player_id=player.pk, seats=4, rounds=1, now=now)
    assert pairing.pairing_wave(now=now) == 1

    table = LiveTable.objects.get()
    assert table.rated and table.seats == 4 and table.status == "playing" and not table.listed
    seated = set(TableMember.objects.filter(table=table).values_list("player_id", flat=True))
    assert seated == {player.pk for player in players[:4]}
    assert pairing_status(player_id=players[0].pk)["table"] == table.id
    assert pairing_status(player_id=players[4].pk)["waiting"]


def test_a_wide_gap_is_paired_once_the_wait_has_widened_it() -> None:
    ada, bob = UserFactory(), UserFactory()
    _rated(ada.pk, 1500)
    _rated(bob.pk, 1800)
    start = timezone.now()
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1, now=start)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1, now=start)
    assert pairing.pairing_wave(now=start + timedelta(seconds=10)) == 0
    # 100 apart at first, 100 more every 15 s: 300 after 30 s.
    assert pairing.pairing_wave(now=start + timedelta(seconds=31)) == 1


def test_linked_accounts_never_share_a_rated_table() -> None:
    ada, bob, cid = UserFactory(), UserFactory(), UserFactory()
    for player in (ada, bob):
        PlayerForm.objects.create(player=player, device="same-device")
    now = timezone.now()
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1, now=now)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1, now=now)
    assert pairing.pairing_wave(now=now) == 0
    pairing.pairing_join(player_id=cid.pk, seats=2, rounds=1, now=now)
    assert pairing.pairing_wave(now=now) == 1
    seated = set(TableMember.objects.values_list("player_id", flat=True))
    assert cid.pk in seated and len(seated) == 2 and {ada.pk, bob.pk} - seated


def test_guests_and_seated_players_are_refused_the_pool() -> None:
    from challenges.players.services import guest_create

    guest = guest_create()
    with pytest.raises(PairingForAccounts):
        pairing.pairing_join(player_id=guest.user_id, seats=2, rounds=1)
    ada, bob = UserFactory(), UserFactory()
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1)
    pairing.pairing_wave()
    with pytest.raises(PairingAlready):
        pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1)
    pairing.pairing_leave(player_id=ada.pk)
    assert PairingTicket.objects.filter(player=ada).exists(), "a seated ticket stays"


def test_a_rated_table_moves_ratings_and_gives_coins_to_the_winner() -> None:
    ada, bob = UserFactory(), UserFactory()
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1)
    pairing.pairing_wave()
    table = LiveTable.objects.get()
    leaving.table_resign(table_id=table.id, player_id=bob.pk)

    won = TableMember.objects.get(table=table, player=ada)
    lost = TableMember.objects.get(table=table, player=bob)
    assert won.rating_before == lost.rating_before == 1500
    assert won.rating_after is not None and lost.rating_after is not None
    assert won.rating_after > 1500 > lost.rating_after
    assert (won.coins, lost.coins) == (2, 0)
    record = tables_record(player_id=ada.pk)
    assert record["games"] == 1 and record["won"] == 1 and record["provisional"]
    assert [point["rating"] for point in record["chart"]] == [won.rating_after]
    assert record["latest"][0]["opponents"] == [bob.username]
    assert coins_of(player_id=ada.pk) == 2


def test_a_win_against_the_computer_alone_is_one_coin() -> None:
    ada = UserFactory()
    game = classic.classic_game_start(player_ids=[ada.pk], computers=1, strength="easy", rounds=1)
    assert coins_of(player_id=ada.pk) == 0
    from challenges.models import ClassicSeat

    ClassicSeat.objects.filter(game_id=game["id"], player=ada).update(won=True)
    assert coins_of(player_id=ada.pk) == 1
