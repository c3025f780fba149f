CREATE TABLE "corrective_action_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_action_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corrective_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"trap_id" integer,
	"area" text,
	"origin" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"detected_by_id" integer,
	"severity" text NOT NULL,
	"description" text NOT NULL,
	"immediate_correction" text,
	"product_impact" text,
	"root_cause" text,
	"preventive_action" text,
	"responsible" text NOT NULL,
	"responsible_name" text,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'ABIERTA' NOT NULL,
	"verification_plan" text,
	"verification_result" text,
	"closing_note" text,
	"closed_at" timestamp with time zone,
	"closed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrective_actions_origin_check" CHECK ("corrective_actions"."origin" in ('UMBRAL', 'MANUAL', 'RECOMENDACION')),
	CONSTRAINT "corrective_actions_severity_check" CHECK ("corrective_actions"."severity" in ('BAJA', 'MEDIA', 'ALTA')),
	CONSTRAINT "corrective_actions_responsible_check" CHECK ("corrective_actions"."responsible" in ('EMPRESA', 'CLIENTE')),
	CONSTRAINT "corrective_actions_status_check" CHECK ("corrective_actions"."status" in ('ABIERTA', 'EN_CURSO', 'CERRADA')),
	CONSTRAINT "corrective_actions_closed_check" CHECK (("corrective_actions"."status" = 'CERRADA') = ("corrective_actions"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "threshold_breaches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "threshold_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"trap_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"finding_id" bigint,
	"exception_reason" text,
	"level" text NOT NULL,
	"breaches" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"action_id" integer,
	CONSTRAINT "threshold_breaches_level_check" CHECK ("threshold_breaches"."level" in ('ALERTA', 'ACCION'))
);
--> statement-breakpoint
CREATE TABLE "thresholds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thresholds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer,
	"trap_type" text NOT NULL,
	"zone" text,
	"risk_level" text,
	"metric" text NOT NULL,
	"pest_group" text,
	"level" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"created_by_id" integer,
	CONSTRAINT "thresholds_metric_check" CHECK ("thresholds"."metric" in ('ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'ESTADO')),
	CONSTRAINT "thresholds_level_check" CHECK ("thresholds"."level" in ('ALERTA', 'ACCION')),
	CONSTRAINT "thresholds_pest_group_check" CHECK ("thresholds"."pest_group" is null or "thresholds"."metric" = 'CAPTURAS'),
	CONSTRAINT "thresholds_value_check" CHECK ("thresholds"."value" >= 1),
	CONSTRAINT "thresholds_validity_check" CHECK ("thresholds"."valid_to" is null or "thresholds"."valid_to" >= "thresholds"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_detected_by_id_technicians_id_fk" FOREIGN KEY ("detected_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_closed_by_id_technicians_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_breaches" ADD CONSTRAINT "threshold_breaches_item_id_session_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."session_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_breaches" ADD CONSTRAINT "threshold_breaches_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_breaches" ADD CONSTRAINT "threshold_breaches_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrective_action_events_action_idx" ON "corrective_action_events" USING btree ("action_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_open_threshold_key" ON "corrective_actions" USING btree ("trap_id") WHERE "corrective_actions"."origin" = 'UMBRAL' and "corrective_actions"."status" <> 'CERRADA';--> statement-breakpoint
CREATE INDEX "corrective_actions_site_idx" ON "corrective_actions" USING btree ("site_id","status","due_date");--> statement-breakpoint
CREATE INDEX "corrective_actions_status_idx" ON "corrective_actions" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "threshold_breaches_finding_key" ON "threshold_breaches" USING btree ("finding_id") WHERE "threshold_breaches"."finding_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "threshold_breaches_exception_key" ON "threshold_breaches" USING btree ("item_id") WHERE "threshold_breaches"."finding_id" is null;--> statement-breakpoint
CREATE INDEX "threshold_breaches_action_idx" ON "threshold_breaches" USING btree ("action_id","occurred_at");--> statement-breakpoint
CREATE INDEX "threshold_breaches_trap_idx" ON "threshold_breaches" USING btree ("trap_id","occurred_at");--> statement-breakpoint
CREATE INDEX "thresholds_type_idx" ON "thresholds" USING btree ("trap_type","valid_from");--> statement-breakpoint
CREATE INDEX "thresholds_site_idx" ON "thresholds" USING btree ("site_id","valid_from");--> statement-breakpoint
-- The shipped thresholds (DESIGN-audit.md, "Defaults are strict indoors"), in force since always: inside
-- (INTERIOR and PERIMETRO_INTERIOR), any rodent capture, any bait eaten or gnawing (activity), one crawling or
-- stored-product insect in an ALTO device is an ACCION; outside, bait eaten ≥ 50 % or a capture is an ALERTA;
-- a device damaged, tampered with or not found is an ACCION; light and pheromone traps by pest group.
INSERT INTO "thresholds" ("site_id", "trap_type", "zone", "risk_level", "metric", "pest_group", "level", "value", "valid_from")
SELECT NULL::integer, d.trap_type, z.zone, d.risk_level, d.metric, d.pest_group, d.level, d.value, '-infinity'::timestamptz
FROM (VALUES
  ('CEBADERO', NULL, 'CONSUMO_CEBO', NULL, 'ACCION', 25),
  ('CEBADERO', NULL, 'ACTIVIDAD', NULL, 'ACCION', 1),
  ('CAPTURA', NULL, 'CAPTURAS', 'ROEDORES', 'ACCION', 1),
  ('LAMINA', NULL, 'CAPTURAS', 'ROEDORES', 'ACCION', 1),
  ('LAMINA', NULL, 'CAPTURAS', 'RASTREROS', 'ALERTA', 3),
  ('LAMINA', NULL, 'CAPTURAS', 'RASTREROS', 'ACCION', 10),
  ('LAMINA', 'ALTO', 'CAPTURAS', 'RASTREROS', 'ACCION', 1),
  ('LAMINA', 'ALTO', 'CAPTURAS', 'PRODUCTO_ALMACENADO', 'ACCION', 1),
  ('FEROMONA', NULL, 'CAPTURAS', 'PRODUCTO_ALMACENADO', 'ALERTA', 5),
  ('FEROMONA', NULL, 'CAPTURAS', 'PRODUCTO_ALMACENADO', 'ACCION', 15),
  ('FEROMONA', 'ALTO', 'CAPTURAS', 'PRODUCTO_ALMACENADO', 'ACCION', 1),
  ('LUZ_UV', NULL, 'CAPTURAS', 'VOLADORES', 'ALERTA', 25),
  ('LUZ_UV', NULL, 'CAPTURAS', 'VOLADORES', 'ACCION', 50),
  ('OTRO', NULL, 'ACTIVIDAD', NULL, 'ALERTA', 1),
  ('OTRO', NULL, 'ACTIVIDAD', NULL, 'ACCION', 2)
) AS d (trap_type, risk_level, metric, pest_group, level, value)
CROSS JOIN (VALUES ('INTERIOR'), ('PERIMETRO_INTERIOR')) AS z (zone)
UNION ALL
SELECT NULL::integer, d.trap_type, 'EXTERIOR', NULL, d.metric, d.pest_group, 'ALERTA', d.value, '-infinity'::timestamptz
FROM (VALUES
  ('CEBADERO', 'CONSUMO_CEBO', NULL, 50),
  ('CAPTURA', 'CAPTURAS', 'ROEDORES', 1),
  ('LAMINA', 'CAPTURAS', 'ROEDORES', 1)
) AS d (trap_type, metric, pest_group, value)
UNION ALL
SELECT NULL::integer, t.trap_type, NULL, NULL, 'ESTADO', NULL, 'ACCION', 1, '-infinity'::timestamptz
FROM (VALUES ('CEBADERO'), ('CAPTURA'), ('LAMINA'), ('LUZ_UV'), ('FEROMONA'), ('OTRO')) AS t (trap_type);
--> statement-breakpoint
-- The limits a finding (or an exception) crossed, judged by the limits in force when it was recorded: a null
-- when none. A device's thresholds are the global ones of its type, zone and risk level (a null zone or risk
-- in a threshold: any), where a site's own threshold of the same type, zone, risk, metric, pest group and
-- level takes the global one's place. A device nobody classified is judged as the strictest: inside (zone
-- INTERIOR), risk ALTO. Observed values: the activity as 0–3, the bait eaten (%), the catches of the
-- inspection (a band counts as its least: 1, 11, 51) of the threshold's pest group or all, and for the
-- device's condition 1 when it was damaged, tampered with or not found.
CREATE OR REPLACE FUNCTION rondin_threshold_breaches(
  p_trap_id integer,
  p_site_id integer,
  p_at timestamptz,
  p_finding_id bigint,
  p_exception text
) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  WITH trap AS (
    SELECT t.type, coalesce(t.zone, 'INTERIOR') AS zone, coalesce(t.risk_level, 'ALTO') AS risk_level
    FROM traps t WHERE t.id = p_trap_id
  ), candidate AS (
    SELECT th.zone, th.risk_level, th.metric, th.pest_group, th.level, th.value, th.site_id
    FROM thresholds th JOIN trap ON th.trap_type = trap.type
    WHERE (th.zone IS NULL OR th.zone = trap.zone)
      AND (th.risk_level IS NULL OR th.risk_level = trap.risk_level)
      AND (th.site_id IS NULL OR th.site_id = p_site_id)
      AND th.valid_from <= p_at AND (th.valid_to IS NULL OR th.valid_to > p_at)
  ), effective AS (
    SELECT c.* FROM candidate c
    WHERE c.site_id IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM candidate o
      WHERE o.site_id IS NOT NULL AND o.zone IS NOT DISTINCT FROM c.zone
        AND o.risk_level IS NOT DISTINCT FROM c.risk_level AND o.metric = c.metric
        AND o.pest_group IS NOT DISTINCT FROM c.pest_group AND o.level = c.level
    )
  ), finding AS (
    SELECT f.device_status, f.activity, f.bait_consumption FROM findings f WHERE f.id = p_finding_id
  ), observed AS (
    SELECT e.metric, e.pest_group, e.level, e.value AS limit_value,
      CASE e.metric
        WHEN 'ESTADO' THEN CASE
          WHEN p_exception = 'NO_ENCONTRADO' OR (SELECT x.device_status FROM finding x) IN ('DANADO', 'MANIPULADA') THEN 1
          ELSE 0 END
        WHEN 'ACTIVIDAD' THEN (SELECT array_position(ARRAY['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'], x.activity) - 1 FROM finding x)
        WHEN 'CONSUMO_CEBO' THEN (SELECT x.bait_consumption::integer FROM finding x)
        WHEN 'CAPTURAS' THEN (
          SELECT sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))::integer
          FROM finding_captures c JOIN pests p ON p.id = c.pest_id
          WHERE c.finding_id = p_finding_id AND (e.pest_group IS NULL OR p."group" = e.pest_group)
        )
      END AS observed
    FROM effective e
  )
  SELECT jsonb_agg(
    jsonb_build_object('metric', o.metric, 'pestGroup', o.pest_group, 'level', o.level, 'limit', o.limit_value, 'observed', o.observed)
    ORDER BY o.level, o.metric, o.pest_group
  )
  FROM observed o WHERE o.observed >= o.limit_value
$$;
--> statement-breakpoint
-- Records what a finding version or an exception crossed (threshold_breaches), in the transaction that wrote
-- it; called once per finding and once per exception by the triggers findings_thresholds and
-- session_items_exception_thresholds, so a replay (which writes nothing) never records twice, and the unique
-- indexes of threshold_breaches refuse a second record of one finding or exception. Crossing an ACCION limit
-- opens a corrective action for the device, or adds the breach as an occurrence of the one already open: the
-- unique index corrective_actions_open_threshold_key keeps one open UMBRAL action a device, and a concurrent
-- transaction that opened it first is waited for and then joined.
CREATE OR REPLACE FUNCTION rondin_record_breach(
  p_site_id integer,
  p_trap_id integer,
  p_item_id integer,
  p_finding_id bigint,
  p_exception text,
  p_at timestamptz,
  p_by integer
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_breaches jsonb := rondin_threshold_breaches(p_trap_id, p_site_id, p_at, p_finding_id, p_exception);
  v_level text;
  v_action integer;
  v_what text;
BEGIN
  IF v_breaches IS NULL THEN
    RETURN;
  END IF;
  v_level := CASE WHEN v_breaches @> '[{"level": "ACCION"}]' THEN 'ACCION' ELSE 'ALERTA' END;
  IF v_level = 'ACCION' THEN
    SELECT string_agg(
      CASE b->>'metric'
        WHEN 'ESTADO' THEN CASE WHEN p_exception = 'NO_ENCONTRADO' THEN 'dispositivo no encontrado' ELSE 'dispositivo dañado o manipulado' END
        WHEN 'ACTIVIDAD' THEN 'actividad ' || (ARRAY['baja', 'media', 'alta'])[(b->>'observed')::int]
        WHEN 'CONSUMO_CEBO' THEN 'consumo de cebo ' || (b->>'observed') || ' % (límite ' || (b->>'limit') || ' %)'
        ELSE 'capturas' || coalesce(' de ' || lower(b->>'pestGroup'), '') || ': ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
      END, '; ' ORDER BY b->>'metric')
    INTO v_what
    FROM jsonb_array_elements(v_breaches) b WHERE b->>'level' = 'ACCION';
    LOOP
      SELECT a.id INTO v_action FROM corrective_actions a
      WHERE a.trap_id = p_trap_id AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
      EXIT WHEN FOUND;
      INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
        responsible, due_date, status)
      SELECT p_site_id, t.id, t.area, 'UMBRAL', p_at, p_by, 'ALTA',
        'Umbral de acción superado en ' || t.code || ': ' || v_what || '.', 'EMPRESA',
        (p_at AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date + 7, 'ABIERTA'
      FROM traps t JOIN sites s ON s.id = t.site_id WHERE t.id = p_trap_id
      ON CONFLICT (trap_id) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' DO NOTHING
      RETURNING id INTO v_action;
      IF v_action IS NOT NULL THEN
        INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
        VALUES (v_action, NULL, 'ABIERTA', 'Abierta al superar un umbral de acción.', p_by);
        EXIT;
      END IF;
    END LOOP;
  END IF;
  INSERT INTO threshold_breaches (site_id, trap_id, item_id, finding_id, exception_reason, level, breaches, occurred_at, action_id)
  VALUES (p_site_id, p_trap_id, p_item_id, p_finding_id, p_exception, v_level, v_breaches, p_at, v_action);
END
$$;
--> statement-breakpoint
-- Trigger findings_thresholds: each finding version is judged against the thresholds once, when its
-- transaction commits (a constraint trigger deferred to the commit, so its catches, written after it, are
-- there), still inside that transaction.
CREATE OR REPLACE FUNCTION rondin_finding_thresholds() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_record_breach(NEW.site_id, NEW.trap_id, NEW.item_id, NEW.id, NULL, NEW.recorded_at, NEW.technician_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
CREATE CONSTRAINT TRIGGER findings_thresholds AFTER INSERT ON findings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_finding_thresholds();
--> statement-breakpoint
CREATE TRIGGER session_items_exception_thresholds AFTER UPDATE OF exception_reason ON session_items FOR EACH ROW
  WHEN (OLD.exception_reason IS NULL AND NEW.exception_reason IS NOT NULL) EXECUTE FUNCTION rondin_exception_thresholds();
