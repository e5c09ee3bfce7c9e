"""The background jobs: reminders, e-mail retries, re-derivation batches and the daily sweeps, as jobs of a
queue in the database (django-tasks' database backend, the ``django-tasks-db`` package; docs/decisions.md says
why this library). Its worker takes each job with ``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL (one
write lock on SQLite), so two workers never run one job; a job whose worker died is handed out again after
a lease (:func:`queue.requeue_stalled`); every job that sends something is enqueued under a key
(:class:`models.JobKey`) and checks its own record before sending, so that a job run twice sends once.

- :mod:`tasks`: the jobs; :mod:`schedule`: which sweeps are due when (the library has no periodic
  scheduler: ``ventila worker`` enqueues them each round, or cron runs ``ventila enqueue``);
- :mod:`queue`: enqueuing under a key, the lease, running the ready jobs in this process.
"""
