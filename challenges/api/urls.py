from django.urls import path, re_path

from challenges.api import views
from challenges.api.errors import api_not_found

urlpatterns = [
    path("challenges/", views.ChallengeListView.as_view(), name="api-challenges"),
    path("challenges/current/", views.ChallengeCurrentView.as_view(), name="api-challenge-current"),
    path(
        "challenges/<int:challenge_id>/",
        views.ChallengeDetailView.as_view(),
        name="api-challenge",
    ),
    path("challenges/<int:challenge_id>/runs/", views.RunStartView.as_view(), name="api-run-start"),
    path(
        "challenges/<int:challenge_id>/leaderboard/",
        views.LeaderboardView.as_view(),
        name="api-leaderboard",
    ),
    path(
        "challenges/<int:challenge_id>/leaderboard/me/",
        views.LeaderboardMeView.as_view(),
        name="api-leaderboard-me",
    ),
    path(
        "challenges/<int:challenge_id>/histogram/",
        views.HistogramView.as_view(),
        name="api-histogram",
    ),
    path("runs/<uuid:run_id>/", views.RunDetailView.as_view(), name="api-run"),
    path("runs/<uuid:run_id>/finish/", views.RunFinishView.as_view(), name="api-run-finish"),
    path("runs/<uuid:run_id>/submit/", views.RunSubmitView.as_view(), name="api-run-submit"),
    # Last: any other /api/ path gets a JSON 404, not the HTML page.
    re_path(r"^(?P<path>.*)$", api_not_found, name="api-not-found"),
]
