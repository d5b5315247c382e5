# The image shared by web, worker and beat in docker-compose.yml.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# postgresql-client: pg_dump for the backup at each session's end (the worker; docs/deployment.md).
# util-linux: chrt, which runs the documents worker at the idle CPU priority (docker-compose.yml).
RUN apt-get update && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 fonts-wqy-microhei \
    postgresql-client util-linux \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN useradd --create-home mcr && mkdir -p /srv/static /srv/media /backups && chown mcr /srv/static /srv/media /backups
RUN python scripts/compile_translations.py \
    && DJANGO_STATIC_ROOT=/srv/static DJANGO_SECRET_KEY=build DJANGO_ALLOWED_HOSTS=build \
       DJANGO_SETTINGS_MODULE=config.settings.production python manage.py collectstatic --noinput \
    && chown -R mcr /srv/static
USER mcr
EXPOSE 8000
