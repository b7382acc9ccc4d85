"""Sub-commands of ``arbitro``. Each module defines ``register(subparsers)``; heavy imports
(numpy, OpenCV, torch, Qt) happen inside the command's function, never at module top, so
``arbitro rules`` starts in a fraction of a second."""
