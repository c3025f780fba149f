CREATE TABLE "service_plan_technicians" (
	"service_plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	"technician_id" integer NOT NULL,
	"areas" text[],
	CONSTRAINT "service_plan_technicians_service_plan_id_position_pk" PRIMARY KEY("service_plan_id","position"),
	CONSTRAINT "service_plan_technicians_position_check" CHECK ("service_plan_technicians"."position" >= 0)
);
--> statement-breakpoint
DROP INDEX "sessions_service_plan_date_key";--> statement-breakpoint
ALTER TABLE "service_plans" ADD COLUMN "assignment" text DEFAULT 'ROTATING' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "plan_slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_plan_technicians" ADD CONSTRAINT "service_plan_technicians_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_technicians" ADD CONSTRAINT "service_plan_technicians_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_technicians_technician_key" ON "service_plan_technicians" USING btree ("service_plan_id","technician_id");--> statement-breakpoint
CREATE INDEX "service_plan_technicians_technician_id_idx" ON "service_plan_technicians" USING btree ("technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_service_plan_visit_key" ON "sessions" USING btree ("service_plan_id","planned_date","plan_slot");--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_assignment_check" CHECK ("service_plans"."assignment" in ('ROTATING', 'BY_AREA'));--> statement-breakpoint
-- Every plan so far had one technician: the first, and only, of its list.
INSERT INTO "service_plan_technicians" ("service_plan_id", "position", "technician_id") SELECT "id", 0, "technician_id" FROM "service_plans";
