"""Training and export of the card reader. Needs the ``train`` extra (torch, ultralytics)."""
