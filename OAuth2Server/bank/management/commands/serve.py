from django.core.management.commands.runserver import Command as RunserverCommand
from django.core.servers.basehttp import WSGIServer


class DeepBacklogWSGIServer(WSGIServer):
    """Django's threaded development server with a listen backlog of 1,024.

    Its own backlog is 10: the tests open up to 100 connections at once, and
    a connection beyond the backlog is dropped by the kernel and retried a
    second or more later, which would make those tests slow for no reason.
    """

    request_queue_size = 1024


class Command(RunserverCommand):
    help = "runserver with a listen backlog deep enough for the concurrent tests (scripts/oauth2-server)."

    server_cls = DeepBacklogWSGIServer
