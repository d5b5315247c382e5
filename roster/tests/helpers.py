"""What the roster import tests share: an import run as the page runs it, an XLSX file, its problems."""

import io

from openpyxl import Workbook

from roster import services
from roster.models import ImportJob


def run_import(organizer, tournament, kind, filename, content: bytes) -> ImportJob:
    job = services.import_job_create(
        actor=organizer, tournament=tournament, kind=kind, filename=filename, content=content
    )
    return services.import_job_run(job_id=job.pk)


def xlsx(rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def problems(job):
    return sorted((p["row"], p["column"], p["code"]) for p in job.errors)
