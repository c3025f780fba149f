-- The triggers audit_log_immutable (BEFORE UPDATE OR DELETE, each row) and audit_log_no_truncate (BEFORE TRUNCATE):
-- a row of the change log, once written, is never changed nor taken out, whatever the statement or the bug. Both
-- are ENABLE ALWAYS, so not even session_replication_role = replica passes them.
CREATE OR REPLACE FUNCTION rondin_audit_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de cambios no se modifica ni se borra: cada fila es definitiva.'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_immutable ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION rondin_audit_guard();
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_immutable;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION rondin_audit_guard();
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
