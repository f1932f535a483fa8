#!/usr/bin/env python
"""Django's command-line utility; `platform/` holds the project package `zulin`."""

import os
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
