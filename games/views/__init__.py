"""Views of the games app, one module per area."""
