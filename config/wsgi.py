import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

# Before the process takes a request: its first ones are then as quick as the rest.
from config.warmup import process_warm  # noqa: E402

process_warm()
