from django.urls import path

from .views import (
    accounts,
    classes,
    locks,
    password_reset,
    privacy,
    roster,
    student_signin,
)

urlpatterns = [
    path("", accounts.home, name="home"),
    path("teacher/signup/", accounts.signup, name="signup"),
    path("teacher/login/", accounts.teacher_login, name="login"),
    path("logout/", accounts.sign_out, name="logout"),
    path("teacher/password/", accounts.password_change, name="password_change"),
    path("teacher/password/reset/", password_reset.password_reset, name="password_reset"),
    path(
        "teacher/password/reset/sent/",
        password_reset.password_reset_done,
        name="password_reset_done",
    ),
    path(
        "teacher/password/reset/<uidb64>/<token>/",
        password_reset.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "teacher/password/reset/done/",
        password_reset.password_reset_complete,
        name="password_reset_complete",
    ),
    path("privacy/", privacy.privacy, name="privacy"),
    path("classes/", classes.class_list, name="class_list"),
    path("classes/<int:pk>/", classes.class_detail, name="class_detail"),
    path("classes/<int:pk>/settings/", classes.class_settings, name="class_settings"),
    path("classes/<int:pk>/code/", classes.class_reset_code, name="class_reset_code"),
    path("classes/<int:pk>/sign-ins/", locks.address_unlock, name="address_unlock"),
    path("classes/<int:pk>/students/", roster.student_add, name="student_add"),
    path("classes/<int:pk>/students/<int:student_pk>/", roster.student_row, name="student_row"),
    path(
        "classes/<int:pk>/students/<int:student_pk>/edit/",
        roster.student_edit,
        name="student_edit",
    ),
    path(
        "classes/<int:pk>/students/<int:student_pk>/remove/",
        roster.student_remove,
        name="student_remove",
    ),
    path(
        "classes/<int:pk>/students/<int:student_pk>/reset/",
        roster.student_reset,
        name="student_reset",
    ),
    path(
        "classes/<int:pk>/students/<int:student_pk>/unlock/",
        locks.student_unlock,
        name="student_unlock",
    ),
    path("classes/<int:pk>/import/", roster.roster_import, name="roster_import"),
    path(
        "classes/<int:pk>/import/confirm/",
        roster.roster_import_confirm,
        name="roster_import_confirm",
    ),
    path("classes/<int:pk>/cards/", roster.sign_in_cards, name="sign_in_cards"),
    path("join/", student_signin.join, name="join"),
    path("join/<str:code>/", student_signin.join_names, name="join_names"),
    path("join/<str:code>/<int:student_pk>/", student_signin.join_secret, name="join_secret"),
]
