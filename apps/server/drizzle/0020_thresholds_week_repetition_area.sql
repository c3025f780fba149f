ALTER TABLE "thresholds" DROP CONSTRAINT "thresholds_metric_check";--> statement-breakpoint
ALTER TABLE "thresholds" DROP CONSTRAINT "thresholds_pest_group_check";--> statement-breakpoint
ALTER TABLE "threshold_breaches" ADD COLUMN "area_action_id" integer;--> statement-breakpoint
ALTER TABLE "threshold_breaches" ADD CONSTRAINT "threshold_breaches_area_action_id_corrective_actions_id_fk" FOREIGN KEY ("area_action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_open_area_threshold_key" ON "corrective_actions" USING btree ("site_id","area") WHERE "corrective_actions"."origin" = 'UMBRAL' and "corrective_actions"."status" <> 'CERRADA' and "corrective_actions"."trap_id" is null;--> statement-breakpoint
CREATE INDEX "threshold_breaches_area_action_idx" ON "threshold_breaches" USING btree ("area_action_id","occurred_at") WHERE "threshold_breaches"."area_action_id" is not null;--> statement-breakpoint
ALTER TABLE "thresholds" ADD CONSTRAINT "thresholds_metric_check" CHECK ("thresholds"."metric" in ('ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'CAPTURAS_SEMANA', 'ESTADO', 'REPETICION'));--> statement-breakpoint
ALTER TABLE "thresholds" ADD CONSTRAINT "thresholds_pest_group_check" CHECK ("thresholds"."pest_group" is null or "thresholds"."metric" in ('CAPTURAS', 'CAPTURAS_SEMANA'));--> statement-breakpoint
-- The shipped thresholds, second version (DESIGN-audit.md: "light traps and pheromone traps by group per
-- device-week"): from this migration's instant, the shipped CAPTURAS limits of UV and pheromone traps end and
-- the same limits per device-week (CAPTURAS_SEMANA) take their place; findings recorded before are still judged
-- by the old rows. Only the shipped rows still in force are replaced: a global set an administrator saved stays.
WITH "shipped_v2" AS (
  UPDATE "thresholds" SET "valid_to" = now()
  WHERE "site_id" IS NULL AND "valid_from" = '-infinity' AND "valid_to" IS NULL
    AND "trap_type" IN ('LUZ_UV', 'FEROMONA') AND "metric" = 'CAPTURAS'
  RETURNING "trap_type", "zone", "risk_level", "pest_group", "level", "value"
)
INSERT INTO "thresholds" ("site_id", "trap_type", "zone", "risk_level", "metric", "pest_group", "level", "value", "valid_from")
SELECT NULL::integer, s."trap_type", s."zone", s."risk_level", 'CAPTURAS_SEMANA', s."pest_group", s."level", s."value", now()
FROM "shipped_v2" s;
