#!/usr/bin/env python3
"""Django's command line for the OAuth 2.0 test server (scripts/oauth2-server runs it)."""
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gatehouse_oauth2.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
