from django.urls import path

from .views import learning, lobby, play, teacher

urlpatterns = [
    path("play/", lobby.game_list, name="game_list"),
    path("play/<slug:slug>/", lobby.match_new, name="match_new"),
    path("play/<slug:slug>/how/", learning.game_how, name="game_how"),
    path("play/<slug:slug>/learn/", learning.game_learn, name="game_learn"),
    path("play/<slug:slug>/rules/", learning.game_rules, name="game_rules"),
    path("practice/", learning.practice, name="practice"),
    path("practice/<slug:slug>/", learning.practice_new, name="practice_new"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("me/sound/", play.sound_switch, name="sound_switch"),
    path("matches/<int:pk>/", play.match_detail, name="match_detail"),
    path("matches/<int:pk>/board/", play.match_board, name="match_board"),
    path("matches/<int:pk>/move/", play.match_move, name="match_move"),
    path("matches/<int:pk>/events/", play.match_events, name="match_events"),
    path("matches/<int:pk>/join/", play.match_join, name="match_join"),
    path("matches/<int:pk>/leave/", play.match_leave, name="match_leave"),
    path("matches/<int:pk>/start/", play.match_start, name="match_start"),
    path("matches/<int:pk>/give-up/", play.match_give_up, name="match_give_up"),
    path("matches/<int:pk>/replay/", teacher.match_replay, name="match_replay"),
    path("classes/<int:pk>/games/", teacher.class_matches, name="class_matches"),
    path(
        "classes/<int:pk>/games/<int:match_pk>/try-again/",
        teacher.match_unstick,
        name="match_unstick",
    ),
    path("classes/<int:pk>/games/<int:match_pk>/end/", teacher.match_end, name="match_end"),
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
    path(
        "classes/<int:pk>/assignments/<int:assignment_pk>/edit/",
        teacher.assignment_edit,
        name="assignment_edit",
    ),
]
