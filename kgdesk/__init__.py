"""kgdesk: offline desktop knowledge graph for property-management ledgers."""

__version__ = "0.1.0"
