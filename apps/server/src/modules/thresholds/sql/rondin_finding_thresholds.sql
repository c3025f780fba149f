-- Trigger findings_thresholds: each finding version is judged against the thresholds once, when its
-- transaction commits (a constraint trigger deferred to the commit, so its catches, written after it, are
-- there), still inside that transaction.
CREATE OR REPLACE FUNCTION rondin_finding_thresholds() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_record_breach(NEW.site_id, NEW.trap_id, NEW.item_id, NEW.id, NULL, NEW.recorded_at, NEW.technician_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS findings_thresholds ON findings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER findings_thresholds AFTER INSERT ON findings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_finding_thresholds();
