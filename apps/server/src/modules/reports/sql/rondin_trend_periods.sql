-- The trigger trend_inspections_periods: a row that comes is counted in, one that goes counted out, one
-- changed in place both. A BEFORE trigger, so that it sees the rows its statement changed before this one and not
-- those after: a statement that brings (or takes) several inspections of one device counts it once (an AFTER
-- trigger would see them all, and count none, or each).
CREATE OR REPLACE FUNCTION rondin_trend_periods() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM rondin_trend_period_count(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM rondin_trend_period_count(NEW, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trend_inspections_periods ON trend_inspections;
--> statement-breakpoint
CREATE TRIGGER trend_inspections_periods BEFORE INSERT OR UPDATE OR DELETE ON trend_inspections FOR EACH ROW EXECUTE FUNCTION rondin_trend_periods();
