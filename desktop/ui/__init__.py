"""The PySide6 interface: windows, views and the worker thread. Only this package imports Qt.

Widgets show the state of a :class:`desktop.session.Session` and send the user's intents to
it; every decision (verdicts, scores, what to save) is made in the Qt-free core.
"""
