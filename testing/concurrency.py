"""Race threads for real against the database: each gets its own connection (PostgreSQL)."""

import threading

from django.db import connection, transaction


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


def attempt(work):
    """`work()` in a thread and a transaction of its own that gives up on a lock after 300 ms (instead
    of waiting for the holder): "done", or the error it raised."""
    outcome = []

    def run():
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '300ms'")
                work()
            outcome.append("done")
        except Exception as error:  # the outcome under test is the exception itself
            outcome.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    return outcome[0]
