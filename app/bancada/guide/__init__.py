"""The guided experiment's state, texts and study cards (no Qt here: the window only displays them)."""
