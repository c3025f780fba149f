-- One inspection of trend_inspections counted into trend_periods (p_sign 1) or out of it (-1), in each interval
-- (week, month, quarter, year: the period holding it in its site's zone) and each series: undivided, its
-- device's area and zone of today, its type. A device counts once in a period: it is counted in (or out) only
-- when the period holds no other inspection of it (of its type, for the type series), and with activity only
-- when no other of them had any. Catches and bait are plain sums, with how many inspections recorded each.
-- The site's periods are changed one transaction at a time (an advisory lock on the site until the commit), so
-- two inspections of one device committed at once both see the other.
CREATE OR REPLACE FUNCTION rondin_trend_period_count(r trend_inspections, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_zone text := rondin_trend_zone(r.site_id);
  v_area text;
  v_zone_key text;
BEGIN
  IF v_zone IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('rondin.trend_periods', r.site_id));
  SELECT coalesce(t.area, ''), coalesce(t.zone, '') INTO v_area, v_zone_key FROM traps t WHERE t.id = r.trap_id;
  PERFORM rondin_trend_periods_add(ARRAY(
    SELECT ROW(r.site_id, iv.name, d.dimension, b.local_start::date, d.key,
           p_sign * (NOT CASE WHEN d.dimension = 'type' THEN o.of_type ELSE o.any END)::int,
           p_sign * (r.active AND NOT CASE WHEN d.dimension = 'type' THEN o.active_of_type ELSE o.active END)::int,
           p_sign * coalesce(r.bait_consumption, 0), p_sign * (r.bait_consumption IS NOT NULL)::int,
           p_sign * coalesce(r.roedores, 0), p_sign * (r.roedores IS NOT NULL)::int,
           p_sign * coalesce(r.rastreros, 0), p_sign * (r.rastreros IS NOT NULL)::int,
           p_sign * coalesce(r.voladores, 0), p_sign * (r.voladores IS NOT NULL)::int,
           p_sign * coalesce(r.producto_almacenado, 0), p_sign * (r.producto_almacenado IS NOT NULL)::int,
           p_sign * coalesce(r.otros, 0), p_sign * (r.otros IS NOT NULL)::int)::trend_periods
    FROM (VALUES ('week'), ('month'), ('quarter'), ('year')) iv(name)
    CROSS JOIN LATERAL (SELECT date_trunc(iv.name, r.recorded_at AT TIME ZONE v_zone) AS local_start) b
    CROSS JOIN LATERAL (
      SELECT coalesce(bool_or(true), false) AS any, coalesce(bool_or(o.active), false) AS active,
             coalesce(bool_or(o.trap_type = r.trap_type), false) AS of_type,
             coalesce(bool_or(o.active AND o.trap_type = r.trap_type), false) AS active_of_type
      FROM trend_inspections o
      WHERE o.trap_id = r.trap_id AND o.site_id = r.site_id AND o.item_id <> r.item_id
        AND o.recorded_at >= b.local_start AT TIME ZONE v_zone
        AND o.recorded_at < (b.local_start + rondin_trend_step(iv.name)) AT TIME ZONE v_zone
    ) o
    CROSS JOIN LATERAL (VALUES ('', ''), ('area', v_area), ('zone', v_zone_key), ('type', r.trap_type)) d(dimension, key)
  ));
END
$$;
