-- trend_periods counted again from trend_inspections, for one site or (null) all: the migration's fill, a site
-- whose zone changed, the sites without one when the server's changed. Each device's inspections of a period are
-- folded into one row (and of a period and type, for the type series), then the devices counted per series.
CREATE OR REPLACE FUNCTION rondin_trend_periods_rebuild(p_site integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_site IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('rondin.trend_periods', p_site));
  END IF;
  DELETE FROM trend_periods WHERE p_site IS NULL OR site_id = p_site;
  INSERT INTO trend_periods (site_id, interval, dimension, period, key, inspected, with_activity, bait_sum, baits,
                             roedores, roedores_recorded, rastreros, rastreros_recorded, voladores,
                             voladores_recorded, producto_almacenado, producto_almacenado_recorded, otros,
                             otros_recorded)
  WITH zoned AS (
    SELECT s.*, iv.name AS interval,
           date_trunc(iv.name, s.recorded_at AT TIME ZONE
             coalesce(z.time_zone, (SELECT server_time_zone FROM trend_settings)))::date AS period,
           coalesce(t.area, '') AS area, coalesce(t.zone, '') AS zone_key
    FROM trend_inspections s
    JOIN sites z ON z.id = s.site_id
    LEFT JOIN traps t ON t.id = s.trap_id
    CROSS JOIN (VALUES ('week'), ('month'), ('quarter'), ('year')) iv(name)
    WHERE (p_site IS NULL OR s.site_id = p_site)
      AND coalesce(z.time_zone, (SELECT server_time_zone FROM trend_settings)) IS NOT NULL
  ),
  device AS (
    SELECT site_id, interval, period, trap_id, area, zone_key, trap_type,
           CASE WHEN grouping(trap_type) = 1 THEN 'device' ELSE 'type' END AS fold,
           bool_or(active) AS active, coalesce(sum(bait_consumption), 0) AS bait_sum, count(bait_consumption) AS baits,
           coalesce(sum(roedores), 0) AS roedores, count(roedores) AS roedores_recorded,
           coalesce(sum(rastreros), 0) AS rastreros, count(rastreros) AS rastreros_recorded,
           coalesce(sum(voladores), 0) AS voladores, count(voladores) AS voladores_recorded,
           coalesce(sum(producto_almacenado), 0) AS producto_almacenado,
           count(producto_almacenado) AS producto_almacenado_recorded,
           coalesce(sum(otros), 0) AS otros, count(otros) AS otros_recorded
    FROM zoned
    GROUP BY GROUPING SETS ((site_id, interval, period, trap_id, area, zone_key),
                            (site_id, interval, period, trap_id, trap_type))
  )
  SELECT d.site_id, d.interval, k.dimension, d.period, k.key, count(*), count(*) FILTER (WHERE d.active),
         sum(d.bait_sum), sum(d.baits), sum(d.roedores), sum(d.roedores_recorded), sum(d.rastreros),
         sum(d.rastreros_recorded), sum(d.voladores), sum(d.voladores_recorded), sum(d.producto_almacenado),
         sum(d.producto_almacenado_recorded), sum(d.otros), sum(d.otros_recorded)
  FROM device d
  CROSS JOIN LATERAL (VALUES ('', '', 'device'), ('area', d.area, 'device'), ('zone', d.zone_key, 'device'),
                             ('type', d.trap_type, 'type')) k(dimension, key, fold)
  WHERE k.fold = d.fold
  GROUP BY d.site_id, d.interval, k.dimension, d.period, k.key;
END
$$;
