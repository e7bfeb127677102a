"""Views of the classrooms app, one module per area."""
