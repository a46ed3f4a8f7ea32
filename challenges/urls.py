from django.urls import path

from challenges.views import (
    app,
    archive,
    classic,
    desk,
    history,
    home,
    how_to_play,
    keep,
    leaderboards,
    play,
    players,
    practice,
    puzzles,
    replays,
    share,
    tables,
    worker_words,
)

app_name = "challenges"

urlpatterns = [
    path("", home.home_page, name="home"),
    # The home page's words for its scripts: its modules' messages, not the whole game's.
    path("jsi18n/home/", home.home_catalog, name="home-catalog"),
    path("play/", play.play_page, name="play"),
    path("play/keep/<uuid:run_id>/", keep.run_keep, name="run-keep"),
    path("classic/", classic.classic_page, name="classic"),
    path("classic/record/", classic.classic_record_page, name="classic-record"),
    path("classic/games/<uuid:game_id>/", classic.classic_replay_page, name="classic-replay"),
    path("tables/", tables.tables_page, name="tables"),
    path("tables/record/", tables.tables_record_page, name="tables-record"),
    path("tables/<uuid:table_id>/", tables.table_page, name="table"),
    path("how-to-play/", how_to_play.how_to_play_page, name="how-to-play"),
    path("jsi18n/how-to-play/", how_to_play.how_to_play_catalog, name="how-to-play-catalog"),
    path("practice/", practice.practice_page, name="practice"),
    path("practice/<int:challenge_id>/", practice.practice_page, name="practice-challenge"),
    # The installable app: its manifest, its service worker (at the root: its scope is
    # the whole site) and the page it shows offline.
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("offline/", app.offline_page, name="offline"),
    # The worker's words in one language (a reminder names its subscriber's).
    path("jsi18n/worker/<str:language>.json", worker_words.worker_catalog, name="worker-catalog"),
    path("archive/", archive.archive_page, name="archive"),
    path("archive/<int:number>/", archive.archive_play_page, name="archive-play"),
    path("puzzles/", puzzles.puzzles_page, name="puzzles"),
    path("puzzles/today/", puzzles.puzzle_today_page, name="puzzle-today"),
    path("puzzles/<int:number>/", puzzles.puzzle_page, name="puzzle"),
    path("challenges/", history.history_page, name="history"),
    path("challenges/<int:challenge_id>/", leaderboards.leaderboard_page, name="leaderboard"),
    path("runs/<uuid:run_id>/replay/", replays.replay_page, name="replay"),
    path("challenges/<int:challenge_id>/par/", replays.par_replay_page, name="par_replay"),
    path("players/<str:username>/", players.player_page, name="player"),
    path("players/<str:username>/follow/", players.follow_toggle, name="player-follow"),
    path("share/<uuid:run_id>/", share.share_page, name="share"),
    path("share/<uuid:run_id>/card.png", share.share_image, name="share-image"),
    # The moderators' desk (staff who may change entries).
    path("desk/", desk.desk_page, name="desk"),
    path("desk/entries/<int:entry_id>/", desk.desk_entry_page, name="desk-entry"),
    path("desk/entries/<int:entry_id>/approve/", desk.desk_approve, name="desk-approve"),
    path("desk/entries/<int:entry_id>/void/", desk.desk_void, name="desk-void"),
    path("desk/entries/<int:entry_id>/void-group/", desk.desk_void_group, name="desk-void-group"),
    path("desk/entries/<int:entry_id>/trust/", desk.desk_trust, name="desk-trust"),
]
