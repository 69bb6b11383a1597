"""Developer scripts (test-data generation); not part of the kgdesk package."""
