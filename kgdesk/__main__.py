from kgdesk.cli import entry

entry()
