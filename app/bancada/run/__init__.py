"""One run: the runner, its events, its database and targets, the driver choice."""
