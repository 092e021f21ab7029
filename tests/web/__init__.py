"""Render and page-logic tests in CPython."""
