"""Permissions, masking, audit log, exports, prompt-injection defences and limits (issue 7).

Submodules are imported directly (`from kgdesk.security.permissions import Policy`); this package
file stays empty so importing one part never loads the others (the audit log does not need the
DSL, the CLI `audit` command does not need pydantic models of the QA layer).
"""
