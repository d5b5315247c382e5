"""Big documents made by the Celery worker, never in a web request: jobs, parts, progress, files. Above the
core, which declares its documents and asks for them through tournaments.documents and never imports this app.

The rooms that know a document declare it (`tournaments.documents.PrintKind`: the session's score sheets in
sheets, the results sheet in standings, the seating prints in the seating app). Asking for one
(`print_job_request`) finds the job of its current version or creates it; the worker splits it into parts
(`print_job_start`), renders each on its own (`print_part_render`: any worker process, on any host, memory
bounded by the part) and merges them into one file in the default storage (`print_job_merge`). The page
shows the progress and opens the file when it is ready; the same version is served from the file to
everyone after that.
"""
