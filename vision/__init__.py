"""Frames to card detections to table layout. Knows geometry and card labels, not rules."""
