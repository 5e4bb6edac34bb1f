"""The main window and its parts: the experiment panel, the run, the statistics, the export, the settings."""
