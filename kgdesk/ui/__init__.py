"""The desktop GUI (PySide6). Nothing outside kgdesk.ui imports Qt; see kgdesk.app.composition."""
