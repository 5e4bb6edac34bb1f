"""The statistics tables, the k6 and load tables, and how their cells are written."""
