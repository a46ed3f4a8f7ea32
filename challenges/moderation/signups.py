"""Where an account was made, kept as keyed hashes of its network and device (never the
address or the device's id; docs/trust.md), and what a claim of a guest brings: the
ties that link accounts at submit (``trust.players_nearby``)."""

from __future__ import annotations

from challenges.models import PlayerForm
from config.client_address import keyed_hash, network_hash


def device_hash(device_id: str) -> str:
    return keyed_hash("device", device_id) if device_id else ""


def form_signup_record(*, player_id: int, address: str, device_id: str) -> None:
    """Keep where an account (or a guest) was made: hashes only (docs/trust.md)."""
    form, _created = PlayerForm.objects.get_or_create(player_id=player_id)
    if form.signup_network or form.device:
        return
    form.signup_network = network_hash(address)
    form.device = device_hash(device_id)
    form.save(update_fields=["signup_network", "device"])


def form_guest_claimed(*, guest_player_id: int, player_id: int) -> None:
    """An account claims a guest's runs: it keeps where the guest played (device and
    network hashes), so the guest's other runs, and the guests beside it, stay in its
    overlap check after the guest is gone."""
    guest = PlayerForm.objects.filter(player_id=guest_player_id).first()
    if guest is None or not (guest.device or guest.signup_network):
        return
    form, _created = PlayerForm.objects.get_or_create(player_id=player_id)
    pair = [guest.device, guest.signup_network]
    if pair not in (form.claimed or []):
        form.claimed = [*(form.claimed or []), pair]
        form.save(update_fields=["claimed"])
