from django.contrib import admin
from django.urls import include, path

from .health import healthz, healthz_full

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz/", healthz, name="healthz"),
    path("healthz/full/", healthz_full, name="healthz-full"),
    path("", include("classrooms.urls")),
    path("", include("progress.urls")),
    path("", include("games.urls")),
]

handler400 = "classrooms.views.errors.bad_request"
handler403 = "classrooms.views.errors.permission_denied"
handler404 = "classrooms.views.errors.page_not_found"
handler500 = "classrooms.views.errors.server_error"
