"""The guided experiment's step panel, docked beside the plots (its Qt-free state is bancada.guide)."""
