"""On PostgreSQL the audit trail refuses UPDATE and DELETE, whatever code or admin tries."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION tournaments_auditevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournaments_auditevent_append_only
    BEFORE UPDATE OR DELETE ON tournaments_auditevent
    FOR EACH ROW EXECUTE FUNCTION tournaments_auditevent_append_only();
"""
DROP = """
DROP TRIGGER IF EXISTS tournaments_auditevent_append_only ON tournaments_auditevent;
DROP FUNCTION IF EXISTS tournaments_auditevent_append_only();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
