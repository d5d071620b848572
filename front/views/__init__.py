"""The views of the pages that show several apps: play, the new-game form, results."""
