import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# The URLs, and the views they import (WeasyPrint among them: 0.6 s), loaded now rather than
# at each worker's first request: gunicorn loads this module once and forks its workers from
# it (preload_app, config/gunicorn_conf.py), which then answer at once.
get_resolver().url_patterns  # noqa: B018 - read for its import
