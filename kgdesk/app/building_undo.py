"""What a build leaves behind: undoing a failed one, and pruning old versions after a publish.

Both are best effort and repeatable: whatever a vanished server prevents here, the next build's
clean-up does (kept apart from `building` so each module stays one job)."""

from __future__ import annotations

import logging
from typing import Any

from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.intervals import delete_version_data, kept_versions, prune_data, prune_version_records
from kgdesk.graph.versions import VersionStore, iso_now, prune_sources, set_version_fields

log = logging.getLogger(__name__)


def prune_after_publish(db: GraphAccess, store: VersionStore, keep: int, check: Any) -> list[str]:
    """Forget versions beyond the newest `keep`: their records, the elements only they needed, their
    source copies and folders (never the published version's, nor a kept one's). The folders removed."""
    try:
        prune_data(db, keep, on_batch=check)
        prune_version_records(db, keep)
        prune_sources(db)
        pruned = store.prune(keep, protect=kept_versions(db, keep))
        if pruned:
            log.info("removed old version folders: %s", ", ".join(pruned))
        return list(pruned)
    except Exception as e:  # retried by the next build (a bare driver raises its own errors)
        log.warning("pruning old versions failed (will be retried): %s", e)
        return []


def undo_failed_build(db: GraphAccess, store: VersionStore, version: str, started: bool, status: str,
                      why: str) -> None:
    """Delete what this build created and reopen what it closed; if the server is gone, the next build does it."""
    try:
        if store.path(version).exists():
            store.update_manifest(version, status=status, error=why, finished_at=iso_now())
    except OSError as e:
        log.warning("could not update manifest of %s: %s", version, e)
    if not started:
        return
    try:
        delete_version_data(db, version)
        set_version_fields(db, version, status="failed", error=why, finished_at=iso_now(), cleaned=True)
    except Exception as e:
        log.warning("rollback of %s incomplete (cleaned at the next build): %s", version, e)
