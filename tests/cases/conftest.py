from factories import now, world  # noqa: F401  (fixtures)
