from factories import fast_password_hasher, now, world  # noqa: F401  (fixtures)
