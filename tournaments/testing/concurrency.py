"""Race threads for real against the database: each gets its own connection (PostgreSQL)."""

import threading

from django.db import connection


def race(count, work):
    """Run `work(i)` in `count` threads released at the same moment; return their outcomes."""
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = work(i)
        except Exception as error:  # the outcome under test is the exception itself
            outcomes[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes
