-- Trigger session_items_exception_thresholds: an item completed by an exception (the device not found, or not
-- reachable) is judged against the thresholds (ESTADO) in the transaction that records it.
CREATE OR REPLACE FUNCTION rondin_exception_thresholds() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_record_breach(t.site_id, NEW.trap_id, NEW.id, NULL, NEW.exception_reason,
    coalesce(NEW.completed_at, clock_timestamp()), NEW.completed_by_id)
  FROM traps t WHERE t.id = NEW.trap_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS session_items_exception_thresholds ON session_items;
--> statement-breakpoint
CREATE TRIGGER session_items_exception_thresholds AFTER UPDATE OF exception_reason ON session_items FOR EACH ROW
  WHEN (OLD.exception_reason IS NULL AND NEW.exception_reason IS NOT NULL) EXECUTE FUNCTION rondin_exception_thresholds();
