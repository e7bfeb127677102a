from django.urls import path

from .views import lobby, play, teacher

urlpatterns = [
    path("play/", lobby.game_list, name="game_list"),
    path("play/<slug:slug>/", lobby.match_new, name="match_new"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("matches/<int:pk>/", play.match_detail, name="match_detail"),
    path("matches/<int:pk>/board/", play.match_board, name="match_board"),
    path("matches/<int:pk>/move/", play.match_move, name="match_move"),
    path("matches/<int:pk>/events/", play.match_events, name="match_events"),
    path("matches/<int:pk>/join/", play.match_join, name="match_join"),
    path("matches/<int:pk>/leave/", play.match_leave, name="match_leave"),
    path("matches/<int:pk>/start/", play.match_start, name="match_start"),
    path("matches/<int:pk>/replay/", teacher.match_replay, name="match_replay"),
    path("classes/<int:pk>/games/", teacher.class_matches, name="class_matches"),
    path("classes/<int:pk>/assignments/", teacher.class_assignments, name="class_assignments"),
    path(
        "classes/<int:pk>/assignments/new/<slug:slug>/",
        teacher.assignment_new,
        name="assignment_new",
    ),
    path(
        "classes/<int:pk>/assignments/<int:assignment_pk>/",
        teacher.assignment_detail,
        name="assignment_detail",
    ),
]
