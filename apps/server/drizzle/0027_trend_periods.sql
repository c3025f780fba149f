CREATE TABLE "trend_periods" (
	"site_id" integer NOT NULL,
	"interval" text NOT NULL,
	"dimension" text NOT NULL,
	"period" date NOT NULL,
	"key" text NOT NULL,
	"inspected" integer NOT NULL,
	"with_activity" integer NOT NULL,
	"bait_sum" bigint NOT NULL,
	"baits" integer NOT NULL,
	"roedores" bigint NOT NULL,
	"roedores_recorded" integer NOT NULL,
	"rastreros" bigint NOT NULL,
	"rastreros_recorded" integer NOT NULL,
	"voladores" bigint NOT NULL,
	"voladores_recorded" integer NOT NULL,
	"producto_almacenado" bigint NOT NULL,
	"producto_almacenado_recorded" integer NOT NULL,
	"otros" bigint NOT NULL,
	"otros_recorded" integer NOT NULL,
	CONSTRAINT "trend_periods_pkey" PRIMARY KEY("site_id","interval","dimension","period","key")
);
--> statement-breakpoint
CREATE TABLE "trend_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"server_time_zone" text NOT NULL,
	CONSTRAINT "trend_settings_one_row_check" CHECK ("trend_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "trend_periods" ADD CONSTRAINT "trend_periods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trend_periods_interval_idx" ON "trend_periods" USING btree ("interval","dimension","period");--> statement-breakpoint
CREATE INDEX "trend_inspections_trap_recorded_idx" ON "trend_inspections" USING btree ("trap_id","recorded_at");
--> statement-breakpoint
-- The zone trend_periods counts a site's periods in (migration 0027): its own, else the server's as it last
-- started (trend_settings, rondin_trend_server_zone); null before any server started, when trend_periods holds
-- nothing of the sites without a zone and the trends count them from trend_inspections.
CREATE OR REPLACE FUNCTION rondin_trend_zone(p_site integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM sites WHERE id = p_site),
                  (SELECT server_time_zone FROM trend_settings))
$$;
--> statement-breakpoint
-- How long a trend's period is: date_trunc's unit as an interval ('quarter' is not one).
CREATE OR REPLACE FUNCTION rondin_trend_step(p_interval text) RETURNS interval
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_interval WHEN 'week' THEN interval '1 week' WHEN 'month' THEN interval '1 month'
                         WHEN 'quarter' THEN interval '3 months' ELSE interval '1 year' END
$$;
--> statement-breakpoint
-- Adds counts to trend_periods: each row of p_counts to the row of the same site, interval, series and period,
-- or as a new row. The counts of rondin_trend_period_count and rondin_trend_trap_moved (signed: -1 counts out).
CREATE OR REPLACE FUNCTION rondin_trend_periods_add(p_counts trend_periods[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trend_periods AS p SELECT * FROM unnest(p_counts)
  ON CONFLICT (site_id, interval, dimension, period, key) DO UPDATE SET
    inspected = p.inspected + excluded.inspected,
    with_activity = p.with_activity + excluded.with_activity,
    bait_sum = p.bait_sum + excluded.bait_sum,
    baits = p.baits + excluded.baits,
    roedores = p.roedores + excluded.roedores,
    roedores_recorded = p.roedores_recorded + excluded.roedores_recorded,
    rastreros = p.rastreros + excluded.rastreros,
    rastreros_recorded = p.rastreros_recorded + excluded.rastreros_recorded,
    voladores = p.voladores + excluded.voladores,
    voladores_recorded = p.voladores_recorded + excluded.voladores_recorded,
    producto_almacenado = p.producto_almacenado + excluded.producto_almacenado,
    producto_almacenado_recorded = p.producto_almacenado_recorded + excluded.producto_almacenado_recorded,
    otros = p.otros + excluded.otros,
    otros_recorded = p.otros_recorded + excluded.otros_recorded;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
-- The trigger sites_trend_periods: a site whose zone changed has its periods counted again in the new one.
CREATE OR REPLACE FUNCTION rondin_trend_site_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_trend_periods_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- An inspection that comes into trend_inspections or leaves it is counted in or out of trend_periods in the same
-- statement (the rows are written at the finding's commit by the deferred triggers of migration 0025).
CREATE TRIGGER trend_inspections_periods BEFORE INSERT OR UPDATE OR DELETE ON trend_inspections FOR EACH ROW EXECUTE FUNCTION rondin_trend_periods();
--> statement-breakpoint
CREATE TRIGGER traps_trend_periods AFTER UPDATE OF area, zone ON traps FOR EACH ROW WHEN (OLD.area IS DISTINCT FROM NEW.area OR OLD.zone IS DISTINCT FROM NEW.zone) EXECUTE FUNCTION rondin_trend_trap_moved();
--> statement-breakpoint
CREATE TRIGGER sites_trend_periods AFTER UPDATE OF time_zone ON sites FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION rondin_trend_site_zone();
--> statement-breakpoint
-- The sites with a zone of their own; the others once a server starts and says its zone (rondin_trend_server_zone).
SELECT rondin_trend_periods_rebuild(NULL);
