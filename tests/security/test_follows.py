"""Following is throttled (the API and the page's button count together) and capped."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from challenges.models import Follow
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_follow_and_unfollow_spam_meets_a_429() -> None:
    follower, followed = UserFactory(), UserFactory()
    api = APIClient()
    api.force_authenticate(follower)
    url = f"/api/players/{followed.username}/follow/"
    codes = [(api.post if n % 2 == 0 else api.delete)(url).status_code for n in range(40)]
    assert codes[:30] == [200] * 30
    assert set(codes[30:]) == {429}
    refused = api.post(url)
    assert refused.json()["code"] == "throttled"
    # The page's button counts against the same limit.
    page = Client()
    page.force_login(follower)
    page.post(f"/players/{followed.username}/follow/", {"action": "follow"})
    assert not Follow.objects.filter(follower=follower, followed=followed).exists()


def test_one_account_follows_at_most_the_limit(settings: Any) -> None:
    settings.FOLLOWS_LIMIT = 2
    follower = UserFactory()
    api = APIClient()
    api.force_authenticate(follower)
    others = [UserFactory() for _ in range(3)]
    codes = [api.post(f"/api/players/{other.username}/follow/").status_code for other in others]
    assert codes == [200, 200, 409]
    again = api.post(f"/api/players/{others[0].username}/follow/")
    assert again.status_code == 200, "following someone already followed is no new follow"
    assert api.post(f"/api/players/{others[2].username}/follow/").json()["code"] == (
        "too_many_follows"
    )
    assert Follow.objects.filter(follower=follower).count() == 2
