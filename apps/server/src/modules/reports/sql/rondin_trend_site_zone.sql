-- The trigger sites_trend_periods: a site whose zone changed has its periods counted again in the new one.
CREATE OR REPLACE FUNCTION rondin_trend_site_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_trend_periods_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sites_trend_periods ON sites;
--> statement-breakpoint
CREATE TRIGGER sites_trend_periods AFTER UPDATE OF time_zone ON sites FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION rondin_trend_site_zone();
