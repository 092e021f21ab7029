"""Bot tests."""
