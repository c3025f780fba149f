CREATE TABLE "service_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"technician_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"time" text NOT NULL,
	"horizon_days" integer DEFAULT 14 NOT NULL,
	"end_date" date,
	"areas" text[],
	"types" text[],
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plans_frequency_check" CHECK ("service_plans"."frequency" in ('SEMANAL', 'QUINCENAL', 'MENSUAL', 'BIMESTRAL', 'TRIMESTRAL')),
	CONSTRAINT "service_plans_time_check" CHECK ("service_plans"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "service_plans_horizon_check" CHECK ("service_plans"."horizon_days" between 1 and 90),
	CONSTRAINT "service_plans_dates_check" CHECK ("service_plans"."end_date" is null or "service_plans"."end_date" >= "service_plans"."start_date")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "service_plan_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "planned_date" date;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_plans_site_id_idx" ON "service_plans" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_service_plan_date_key" ON "sessions" USING btree ("service_plan_id","planned_date");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_planned_check" CHECK (("sessions"."service_plan_id" is null) = ("sessions"."planned_date" is null));