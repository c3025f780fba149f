-- The trigger sites_trend_periods: a site whose zone changed has its periods counted again in the new one.
CREATE OR REPLACE FUNCTION rondin_trend_site_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_trend_periods_rebuild(NEW.id);
  RETURN NULL;
END
$$;
