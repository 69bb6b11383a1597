"""One exception hierarchy: every error a user can see carries a Chinese message and a code."""

from __future__ import annotations


class KgdeskError(Exception):
    """Base of all kgdesk errors; `message` is Chinese and meant for the user."""

    code: str = "E_KGDESK"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class ConfigError(KgdeskError):
    """Bad usage or configuration (CLI exit code 2)."""

    code = "E_CONFIG"


class TemplateMetadataError(ConfigError):
    """The template metadata or relation rules are broken: nothing can be validated."""

    code = "E_TEMPLATE_METADATA"


class GraphError(KgdeskError):
    """Graph server unreachable, authentication failed, build failed."""

    code = "E_GRAPH"


class CancelledError(KgdeskError):
    """The user cancelled a long operation."""

    code = "E_CANCELLED"

    def __init__(self, message: str = "操作已取消") -> None:
        super().__init__(message)
