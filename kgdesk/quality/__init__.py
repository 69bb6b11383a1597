"""Data-quality reports: what could not go into the graph, and why (no Qt, no graph access)."""

from kgdesk.quality.report import build_quality_report, load_quality, render_text, write_quality

__all__ = ["build_quality_report", "load_quality", "render_text", "write_quality"]
