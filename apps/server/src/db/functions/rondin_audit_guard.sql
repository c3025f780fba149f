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
