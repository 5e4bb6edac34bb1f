"""The report a student hands in: building, plots, words and templates."""
