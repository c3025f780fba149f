-- The server's zone (TIME_ZONE) as it starts: stored in trend_settings, and when it is not the one stored, the
-- periods of the sites without a zone of their own are counted again in it. Returns whether it changed.
CREATE OR REPLACE FUNCTION rondin_trend_server_zone(p_zone text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_site integer;
BEGIN
  LOCK TABLE trend_settings IN EXCLUSIVE MODE;
  IF (SELECT server_time_zone FROM trend_settings) IS NOT DISTINCT FROM p_zone THEN
    RETURN false;
  END IF;
  INSERT INTO trend_settings (id, server_time_zone) VALUES (1, p_zone)
  ON CONFLICT (id) DO UPDATE SET server_time_zone = excluded.server_time_zone;
  FOR v_site IN SELECT id FROM sites WHERE time_zone IS NULL ORDER BY id LOOP
    PERFORM rondin_trend_periods_rebuild(v_site);
  END LOOP;
  RETURN true;
END
$$;
