"""Browser tests (Playwright + Debian Chromium); a package so its conftest.py does not clash with tests/conftest.py."""
