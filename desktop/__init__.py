"""The application: the Qt-free core (referee, store, command line) and ``desktop.ui``."""
