-- The trigger traps_trend_periods: a device given another area or zone takes its inspections to that series
-- of trend_periods (the trends split by today's area and zone). Each period it was inspected in is counted out of
-- the old series and into the new one.
CREATE OR REPLACE FUNCTION rondin_trend_trap_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_site integer;
BEGIN
  FOR v_site IN SELECT DISTINCT site_id FROM trend_inspections WHERE trap_id = NEW.id ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('rondin.trend_periods', v_site));
  END LOOP;
  PERFORM rondin_trend_periods_add(ARRAY(
    WITH device AS (
      SELECT s.site_id, iv.name AS interval,
             date_trunc(iv.name, s.recorded_at AT TIME ZONE rondin_trend_zone(s.site_id))::date AS period,
             bool_or(s.active) AS active, coalesce(sum(s.bait_consumption), 0) AS bait_sum,
             count(s.bait_consumption) AS baits,
             coalesce(sum(s.roedores), 0) AS roedores, count(s.roedores) AS roedores_recorded,
             coalesce(sum(s.rastreros), 0) AS rastreros, count(s.rastreros) AS rastreros_recorded,
             coalesce(sum(s.voladores), 0) AS voladores, count(s.voladores) AS voladores_recorded,
             coalesce(sum(s.producto_almacenado), 0) AS producto_almacenado,
             count(s.producto_almacenado) AS producto_almacenado_recorded,
             coalesce(sum(s.otros), 0) AS otros, count(s.otros) AS otros_recorded
      FROM trend_inspections s
      CROSS JOIN (VALUES ('week'), ('month'), ('quarter'), ('year')) iv(name)
      WHERE s.trap_id = NEW.id AND rondin_trend_zone(s.site_id) IS NOT NULL
      GROUP BY 1, 2, 3
    )
    SELECT ROW(d.site_id, d.interval, m.dimension, d.period, m.key, m.sign, m.sign * d.active::int,
           m.sign * d.bait_sum, m.sign * d.baits, m.sign * d.roedores, m.sign * d.roedores_recorded,
           m.sign * d.rastreros, m.sign * d.rastreros_recorded, m.sign * d.voladores, m.sign * d.voladores_recorded,
           m.sign * d.producto_almacenado, m.sign * d.producto_almacenado_recorded, m.sign * d.otros,
           m.sign * d.otros_recorded)::trend_periods
    FROM device d
    CROSS JOIN (VALUES ('area', coalesce(OLD.area, ''), -1), ('area', coalesce(NEW.area, ''), 1),
                       ('zone', coalesce(OLD.zone, ''), -1), ('zone', coalesce(NEW.zone, ''), 1)) m(dimension, key, sign)
    WHERE (m.dimension = 'area' AND coalesce(OLD.area, '') <> coalesce(NEW.area, ''))
       OR (m.dimension = 'zone' AND coalesce(OLD.zone, '') <> coalesce(NEW.zone, ''))
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS traps_trend_periods ON traps;
--> statement-breakpoint
CREATE TRIGGER traps_trend_periods AFTER UPDATE OF area, zone ON traps FOR EACH ROW WHEN (OLD.area IS DISTINCT FROM NEW.area OR OLD.zone IS DISTINCT FROM NEW.zone) EXECUTE FUNCTION rondin_trend_trap_moved();
