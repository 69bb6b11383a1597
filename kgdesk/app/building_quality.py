"""The published version's data-quality report, for `kgdesk quality` and the quality page.

Each version keeps its own report (`quality.json` in its folder), so after a rollback the report
is the rolled-back version's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import KgdeskError
from kgdesk.graph.dbaccess import graph_access
from kgdesk.graph.versions import VersionStore, published_version
from kgdesk.quality.report import load_quality


def version_quality_report(conn_or_home: Any = None) -> dict[str, Any]:
    """The published version's quality report (`kgdesk quality --json`), unmasked."""
    if conn_or_home is None or isinstance(conn_or_home, (str, Path)):
        store = VersionStore(Path(conn_or_home) if conn_or_home is not None else None)
        pub = store.read_published()
        version = pub.get("version") if pub else None
    else:
        store = VersionStore()
        version = published_version(graph_access(conn_or_home))
    if not version:
        return {
            "available": False,
            "version": None,
            "has_issues": False,
            "message": "还没有发布的数据版本，请先导入并构建",
        }
    doc = load_quality(store.path(version))
    if doc is None:
        return {
            "available": False,
            "version": version,
            "has_issues": False,
            "message": f"本机没有版本 {version} 的数据质量报告（该版本可能由另一台电脑构建）",
        }
    doc["available"] = True
    return doc


def quality_report(settings: Settings | None = None) -> dict[str, Any]:
    """The published version's report; read from the graph's pointer when reachable, else locally."""
    from kgdesk.app.graph_access import open_graph
    from kgdesk.security.identity import current_policy
    from kgdesk.security.masking import mask_quality_report

    s = settings or effective_settings()
    try:
        with open_graph(s, start_local=False, read_only=True) as conn:
            doc = version_quality_report(conn)
        doc["source"] = "graph"
    except KgdeskError as e:  # the local report is still useful when the graph is unreachable
        doc = version_quality_report(None)
        doc.update(source="local", graph_error=e.message)
    return mask_quality_report(doc, current_policy())
