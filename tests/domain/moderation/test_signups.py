"""Where an account was made and what a claim of a guest brings
(``moderation/signups.py``): the ties the overlap check and the links read."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.models import PlayerForm
from challenges.moderation.signups import device_hash, form_guest_claimed, form_signup_record
from config.client_address import network_hash
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _guest(address: str, device_id: str) -> int:
    guest = UserFactory()
    form_signup_record(player_id=guest.pk, address=address, device_id=device_id)
    return int(guest.pk)


def _claimed(player_id: int) -> list[list[str]]:
    return list(PlayerForm.objects.get(player_id=player_id).claimed)


def test_an_account_keeps_every_guest_it_claims_each_tie_once() -> None:
    player = UserFactory()
    home = _guest("192.0.2.1", "a" * 32)
    phone = _guest("198.51.100.7", "b" * 32)
    home_again = _guest("192.0.2.1", "a" * 32)  # the same device and network

    form_guest_claimed(guest_player_id=home, player_id=player.pk)
    form_guest_claimed(guest_player_id=phone, player_id=player.pk)
    form_guest_claimed(guest_player_id=home_again, player_id=player.pk)
    form_guest_claimed(guest_player_id=home, player_id=player.pk)

    assert _claimed(player.pk) == [
        [device_hash("a" * 32), network_hash("192.0.2.1")],
        [device_hash("b" * 32), network_hash("198.51.100.7")],
    ]


def test_a_guest_known_by_its_device_or_its_network_alone_is_kept() -> None:
    player = UserFactory()
    device_only = _guest("unknown", "c" * 32)  # an address the limits could not read
    network_only = _guest("203.0.113.9", "")  # a browser without the device cookie

    form_guest_claimed(guest_player_id=device_only, player_id=player.pk)
    form_guest_claimed(guest_player_id=network_only, player_id=player.pk)

    assert _claimed(player.pk) == [[device_hash("c" * 32), ""], ["", network_hash("203.0.113.9")]]


def test_a_guest_with_nothing_kept_brings_nothing() -> None:
    player, unrecorded = UserFactory(), UserFactory()
    blank = _guest("unknown", "")

    form_guest_claimed(guest_player_id=unrecorded.pk, player_id=player.pk)  # no form at all
    form_guest_claimed(guest_player_id=blank, player_id=player.pk)

    assert not PlayerForm.objects.filter(player=player).exists()


def _columns_updated(sql: list[str]) -> list[set[str]]:
    updates = [q for q in sql if q.startswith("UPDATE")]
    return [set(re.findall(r'"(\w+)" = ', q.split(" WHERE ")[0])) for q in updates]


def test_the_records_write_only_their_own_columns() -> None:
    """The form's counts are another writer's (a submit moves them): a sign-up's record
    or a claim saving the whole row would put back what it read."""
    player = UserFactory()
    guest = _guest("192.0.2.1", "a" * 32)
    with CaptureQueriesContext(connection) as signed_up:
        form_signup_record(player_id=player.pk, address="198.51.100.7", device_id="b" * 32)
    with CaptureQueriesContext(connection) as claimed:
        form_guest_claimed(guest_player_id=guest, player_id=player.pk)

    sent = [[q["sql"] for q in captured.captured_queries] for captured in (signed_up, claimed)]
    assert _columns_updated(sent[0]) == [{"signup_network", "device"}]
    assert _columns_updated(sent[1]) == [{"claimed"}]
