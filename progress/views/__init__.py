"""Views of the progress app, one module per area."""
