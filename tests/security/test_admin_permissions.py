"""Every admin action declares the permission it needs: a staff user who may only view
changes nothing, through the row buttons or the bulk actions."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.test import Client, RequestFactory

from challenges.models import Entry
from tests.factories import EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def viewer() -> Any:
    user = UserFactory(is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    return user


def test_every_action_of_every_admin_declares_a_permission_a_viewer_lacks(viewer: Any) -> None:
    request = RequestFactory().get("/admin/")
    request.user = viewer
    walked = 0
    for model, model_admin in admin.site._registry.items():
        for name in model_admin.actions or []:
            action = getattr(model_admin, name) if isinstance(name, str) else name
            permissions = getattr(action, "allowed_permissions", ())
            assert permissions, f"{model.__name__}: action {name} declares no permission"
            walked += 1
        offered = set(model_admin.get_actions(request))
        assert not offered, f"{model.__name__} offers {offered} to a view-only user"
    assert walked >= 3


@pytest.mark.parametrize(
    ("changelist", "action", "status", "expected"),
    [
        ("heldentry", "approve_entries", Entry.Status.HELD, Entry.Status.HELD),
        ("heldentry", "void_entries", Entry.Status.HELD, Entry.Status.HELD),
        ("entry", "void_entries", Entry.Status.LIVE, Entry.Status.LIVE),
    ],
)
def test_a_viewer_posting_a_bulk_action_changes_nothing(
    viewer: Any, changelist: str, action: str, status: str, expected: str
) -> None:
    entry = EntryFactory(status=status, hold_reasons=["reported"] if status == "held" else [])
    client = Client()
    client.force_login(viewer)
    client.post(
        f"/admin/challenges/{changelist}/",
        {"action": action, "_selected_action": [entry.pk], "confirmed": "yes"},
    )
    entry.refresh_from_db()
    assert entry.status == expected


def test_a_viewer_gets_403_from_the_row_buttons(viewer: Any) -> None:
    entry = EntryFactory(status=Entry.Status.HELD)
    client = Client()
    client.force_login(viewer)
    for verb in ("approve", "void"):
        response = client.post(
            f"/admin/challenges/heldentry/{entry.pk}/{verb}/", {"confirmed": "yes"}
        )
        assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.status == Entry.Status.HELD
