from django.urls import path

from challenges.views import history, leaderboards, play, players, replays

app_name = "challenges"

urlpatterns = [
    path("", play.play_page, name="play"),
    path("challenges/", history.history_page, name="history"),
    path("challenges/<int:challenge_id>/", leaderboards.leaderboard_page, name="leaderboard"),
    path("runs/<uuid:run_id>/replay/", replays.replay_page, name="replay"),
    path("players/<str:username>/", players.player_page, name="player"),
]
