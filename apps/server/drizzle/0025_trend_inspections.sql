CREATE TABLE "trend_inspections" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"finding_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"trap_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"active" boolean NOT NULL,
	"bait_consumption" smallint,
	"roedores" integer,
	"rastreros" integer,
	"voladores" integer,
	"producto_almacenado" integer,
	"otros" integer
);
--> statement-breakpoint
ALTER TABLE "trend_inspections" ADD CONSTRAINT "trend_inspections_item_id_session_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."session_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trend_inspections_site_recorded_idx" ON "trend_inspections" USING btree ("site_id","recorded_at");--> statement-breakpoint
CREATE INDEX "trend_inspections_recorded_idx" ON "trend_inspections" USING btree ("recorded_at");--> statement-breakpoint
-- What the trends count of each inspection (trend_inspections, migration 0025): the current version of each
-- order item's finding (the one session_items.finding_id points at), whether it saw activity, the bait eaten
-- (bait stations only), and its catches by pest group (a band counting as its least; null without any of
-- the group). The trigger session_items_trend (rondin_trend_inspection.sql) writes one item's row from it,
-- and the migration and a bulk seed all of them.
CREATE OR REPLACE VIEW trend_inspection_source AS
SELECT i.id AS item_id, f.id AS finding_id, f.site_id, f.trap_id, f.trap_type, f.recorded_at,
       f.activity <> 'NINGUNA' AS active,
       CASE WHEN f.trap_type = 'CEBADERO' THEN f.bait_consumption END AS bait_consumption,
       k.roedores, k.rastreros, k.voladores, k.producto_almacenado, k.otros
FROM session_items i
JOIN findings f ON f.id = i.finding_id
LEFT JOIN LATERAL (
  SELECT sum(a.caught) FILTER (WHERE p."group" = 'ROEDORES')::integer AS roedores,
         sum(a.caught) FILTER (WHERE p."group" = 'RASTREROS')::integer AS rastreros,
         sum(a.caught) FILTER (WHERE p."group" = 'VOLADORES')::integer AS voladores,
         sum(a.caught) FILTER (WHERE p."group" = 'PRODUCTO_ALMACENADO')::integer AS producto_almacenado,
         sum(a.caught) FILTER (WHERE p."group" = 'OTROS')::integer AS otros
  FROM finding_captures c
  JOIN pests p ON p.id = c.pest_id
  CROSS JOIN LATERAL (
    SELECT coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END) AS caught
  ) a
  WHERE c.finding_id = f.id
) k ON true;
--> statement-breakpoint
-- Triggers session_items_trend*, findings_trend and finding_captures_trend: an item's row of
-- trend_inspections follows its current finding. Constraint triggers deferred to the commit (as
-- findings_thresholds: the catches are written after the finding and the pointer), so the row is written once
-- the finding is whole, still inside that transaction; an item that lost its finding, or is gone, loses its
-- row (a deleted order's rows go with its items, by the foreign key's cascade). A finding or a catch edited in
-- place (the server never does; a repair by hand may) writes its item's row again.
CREATE OR REPLACE FUNCTION rondin_trend_inspection() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_item integer;
BEGIN
  IF TG_TABLE_NAME = 'session_items' THEN
    v_item := NEW.id;
  ELSIF TG_TABLE_NAME = 'findings' THEN
    v_item := NEW.item_id;
  ELSE
    SELECT f.item_id INTO v_item FROM findings f WHERE f.id = OLD.finding_id;
  END IF;
  DELETE FROM trend_inspections WHERE item_id = v_item;
  INSERT INTO trend_inspections SELECT * FROM trend_inspection_source s WHERE s.item_id = v_item;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An item's row follows its finding pointer: when it is set (a finding, a later version, a correction) and
-- when an item arrives with one (a restored backup's items: the table is not backed up).
CREATE CONSTRAINT TRIGGER session_items_trend AFTER UPDATE OF finding_id ON session_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.finding_id IS DISTINCT FROM OLD.finding_id) EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER session_items_trend_insert AFTER INSERT ON session_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.finding_id IS NOT NULL) EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER findings_trend AFTER UPDATE ON findings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER finding_captures_trend AFTER UPDATE OR DELETE ON finding_captures DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rondin_trend_inspection();
--> statement-breakpoint
-- The findings already recorded.
INSERT INTO trend_inspections SELECT * FROM trend_inspection_source;
