from django.urls import path, re_path

from challenges.api import (
    archive,
    classic,
    guests,
    puzzles,
    reminders,
    runs,
    social,
    tables,
    views,
)
from challenges.api.errors import api_not_found

urlpatterns = [
    path("challenges/", views.ChallengeListView.as_view(), name="api-challenges"),
    path("guest/", guests.GuestStartView.as_view(), name="api-guest"),
    path("challenges/current/", views.challenge_current_read, name="api-challenge-current"),
    path(
        "challenges/<int:challenge_id>/",
        views.ChallengeDetailView.as_view(),
        name="api-challenge",
    ),
    path("challenges/<int:challenge_id>/runs/", runs.RunStartView.as_view(), name="api-run-start"),
    path(
        "challenges/<int:challenge_id>/archive-rank/",
        archive.ArchiveRankView.as_view(),
        name="api-archive-rank",
    ),
    path(
        "challenges/<int:challenge_id>/leaderboard/",
        views.leaderboard_read,
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
    path(
        "challenges/<int:challenge_id>/leaderboard/following/",
        social.FollowingBoardView.as_view(),
        name="api-leaderboard-following",
    ),
    path("boards/<str:period>/", social.PeriodBoardView.as_view(), name="api-board-period"),
    path("players/<str:username>/", social.PlayerRecordView.as_view(), name="api-player"),
    path("players/<str:username>/follow/", social.FollowView.as_view(), name="api-player-follow"),
    path("runs/<uuid:run_id>/standing/", social.RunStandingView.as_view(), name="api-run-standing"),
    path("runs/<uuid:run_id>/", runs.RunDetailView.as_view(), name="api-run"),
    path("runs/<uuid:run_id>/clock/", runs.RunClockView.as_view(), name="api-run-clock"),
    path("runs/<uuid:run_id>/moves/", runs.RunMovesView.as_view(), name="api-run-moves"),
    path("runs/<uuid:run_id>/finish/", runs.RunFinishView.as_view(), name="api-run-finish"),
    path("runs/<uuid:run_id>/submit/", runs.RunSubmitView.as_view(), name="api-run-submit"),
    path("runs/<uuid:run_id>/analysis/", runs.RunAnalysisView.as_view(), name="api-run-analysis"),
    path("runs/<uuid:run_id>/report/", runs.RunReportView.as_view(), name="api-run-report"),
    path("puzzles/", puzzles.PuzzleSeriesView.as_view(), name="api-puzzles"),
    path("puzzles/today/", puzzles.PuzzleTodayView.as_view(), name="api-puzzle-today"),
    path(
        "puzzles/today/solve/",
        puzzles.PuzzleTodaySolveView.as_view(),
        name="api-puzzle-today-solve",
    ),
    path("puzzles/<int:number>/", puzzles.PuzzleDetailView.as_view(), name="api-puzzle"),
    path(
        "puzzles/<int:number>/solve/",
        puzzles.PuzzleSolveView.as_view(),
        name="api-puzzle-solve",
    ),
    path("reminders/", reminders.ReminderStateView.as_view(), name="api-reminders"),
    path(
        "reminders/subscription/",
        reminders.SubscriptionView.as_view(),
        name="api-reminders-subscription",
    ),
    path(
        "reminders/unsubscribe/",
        reminders.UnsubscribeView.as_view(),
        name="api-reminders-unsubscribe",
    ),
    path("tables/", tables.TableCreateView.as_view(), name="api-tables"),
    path("tables/open/", tables.TableLobbyView.as_view(), name="api-tables-open"),
    path("tables/record/", tables.TablesRecordView.as_view(), name="api-tables-record"),
    path("tables/<uuid:table_id>/", tables.TableDetailView.as_view(), name="api-table"),
    path(
        "tables/<uuid:table_id>/events/", tables.TableEventsView.as_view(), name="api-table-events"
    ),
    path("tables/<uuid:table_id>/join/", tables.TableJoinView.as_view(), name="api-table-join"),
    path("tables/<uuid:table_id>/move/", tables.TableMoveView.as_view(), name="api-table-move"),
    path("tables/<uuid:table_id>/draw/", tables.TableDrawView.as_view(), name="api-table-draw"),
    path("tables/<uuid:table_id>/pass/", tables.TablePassView.as_view(), name="api-table-pass"),
    path(
        "tables/<uuid:table_id>/resign/", tables.TableResignView.as_view(), name="api-table-resign"
    ),
    path("tables/<uuid:table_id>/claim/", tables.TableClaimView.as_view(), name="api-table-claim"),
    path("tables/<uuid:table_id>/react/", tables.TableReactView.as_view(), name="api-table-react"),
    path("pairing/", tables.PairingView.as_view(), name="api-pairing"),
    path("classic/games/", classic.ClassicStartView.as_view(), name="api-classic-start"),
    path("classic/record/", classic.ClassicRecordView.as_view(), name="api-classic-record"),
    path(
        "classic/games/<uuid:game_id>/", classic.ClassicGameView.as_view(), name="api-classic-game"
    ),
    path(
        "classic/games/<uuid:game_id>/move/",
        classic.ClassicMoveView.as_view(),
        name="api-classic-move",
    ),
    path(
        "classic/games/<uuid:game_id>/draw/",
        classic.ClassicDrawView.as_view(),
        name="api-classic-draw",
    ),
    path(
        "classic/games/<uuid:game_id>/pass/",
        classic.ClassicPassView.as_view(),
        name="api-classic-pass",
    ),
    path(
        "classic/games/<uuid:game_id>/resign/",
        classic.ClassicResignView.as_view(),
        name="api-classic-resign",
    ),
    path(
        "classic/games/<uuid:game_id>/replay/",
        classic.ClassicReplayView.as_view(),
        name="api-classic-replay",
    ),
    # Last: any other /api/ path gets a JSON 404, not the HTML page.
    # [\s\S], not ".": a path may hold an encoded newline, and it is still an API path.
    re_path(r"^(?P<path>[\s\S]*)$", api_not_found, name="api-not-found"),
]
