// A TheMealDB-compatible HTTP server over a catalog.
