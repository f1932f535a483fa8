import json
from pathlib import Path

from django.core.management.base import BaseCommand

from zulin.api import api


class Command(BaseCommand):
    help = "Write the API's OpenAPI document (the front end generates its types from it)."

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", default="frontend/src/api/openapi.json")

    def handle(self, *args, **options):
        schema = api.get_openapi_schema(path_prefix="/api/")
        text = json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        Path(options["path"]).write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {options['path']}")
