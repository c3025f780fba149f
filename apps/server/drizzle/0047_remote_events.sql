CREATE TABLE "remote_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"trap_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer,
	"raw" jsonb,
	"finding_id" bigint,
	"by_id" integer,
	CONSTRAINT "remote_events_type_check" CHECK ("remote_events"."type" in ('CAPTURA', 'ACTIVIDAD', 'APERTURA', 'BATERIA_BAJA', 'SIN_CONEXION')),
	CONSTRAINT "remote_events_count_check" CHECK ("remote_events"."count" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "findings" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "threshold_breaches" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "origin" text DEFAULT 'INSPECCION' NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_events" ADD CONSTRAINT "remote_events_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_events" ADD CONSTRAINT "remote_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_events" ADD CONSTRAINT "remote_events_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_events" ADD CONSTRAINT "remote_events_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_events_event_id_key" ON "remote_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "remote_events_trap_occurred_idx" ON "remote_events" USING btree ("trap_id","occurred_at");--> statement-breakpoint
CREATE INDEX "remote_events_site_occurred_idx" ON "remote_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "traps_external_id_key" ON "traps" USING btree ("external_id");--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_external_id_check" CHECK (char_length("traps"."external_id") between 1 and 100);--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_origin_check" CHECK ("findings"."origin" in ('INSPECCION', 'REMOTO') and ("findings"."origin" = 'REMOTO') = ("findings"."item_id" is null));