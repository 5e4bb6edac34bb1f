"""The plots: live box plots, stacked time bars, flame graphs, and their axes."""
