"""ASGI entry point (uvicorn config.asgi:application)."""

import os

from django.core.asgi import get_asgi_application

from config.limits import limit_asgi_body

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django reads a whole request body before any middleware runs: refuse oversized ones first.
application = limit_asgi_body(get_asgi_application())
