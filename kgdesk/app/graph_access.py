"""Opening the configured graph for the services: the shared server, or the local one (started if needed)."""

from __future__ import annotations

import sys

from kgdesk.config.settings import Settings, effective_settings
from kgdesk.graph.connection import GraphConnection


def open_graph(
    settings: Settings | None = None, *, start_local: bool = True, read_only: bool = False
) -> GraphConnection:
    """With no URI configured the local graph server is the default; the CLI starts it once and says so.

    `read_only`: questions and reports, which log in with the shared server's separate read account
    when one is configured (builds never pass it)."""
    s = settings or effective_settings()
    if not s.neo4j_uri and start_local:
        from kgdesk.graph import local_server

        status = local_server.server_status()
        if not status.running:
            sys.stderr.write("kgdesk: 本地图数据库未运行，正在启动（kgdesk local-neo4j stop 可停止）……\n")
            local_server.start_background()
    return GraphConnection.from_settings(s, read_only=read_only)
