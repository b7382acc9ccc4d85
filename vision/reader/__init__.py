"""Reading card indices: a one-class index detector, then a card classifier on crops."""
