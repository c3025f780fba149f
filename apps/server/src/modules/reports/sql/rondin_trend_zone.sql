-- The zone trend_periods counts a site's periods in (migration 0027): its own, else the server's as it last
-- started (trend_settings, rondin_trend_server_zone); null before any server started, when trend_periods holds
-- nothing of the sites without a zone and the trends count them from trend_inspections.
CREATE OR REPLACE FUNCTION rondin_trend_zone(p_site integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM sites WHERE id = p_site),
                  (SELECT server_time_zone FROM trend_settings))
$$;
