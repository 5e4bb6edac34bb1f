"""Classroom mode: the window as a projector shows it."""
