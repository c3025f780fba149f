CREATE TABLE "sighting_links" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sighting_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sighting_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sighting_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"thumbnail_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sightings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sightings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"area" text NOT NULL,
	"trap_id" integer,
	"pest_group" text,
	"pest_id" integer,
	"description" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"reporter_id" integer,
	"reporter_name" text NOT NULL,
	"source" text NOT NULL,
	"action_id" integer NOT NULL,
	"address_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sightings_source_check" CHECK ("sightings"."source" in ('PORTAL', 'PUBLICO', 'OFICINA')),
	CONSTRAINT "sightings_pest_group_check" CHECK ("sightings"."pest_group" in ('ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS')),
	CONSTRAINT "sightings_reporter_check" CHECK ("sightings"."source" = 'PUBLICO' or "sightings"."reporter_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "corrective_actions" DROP CONSTRAINT "corrective_actions_origin_check";--> statement-breakpoint
ALTER TABLE "sighting_links" ADD CONSTRAINT "sighting_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sighting_links" ADD CONSTRAINT "sighting_links_created_by_id_technicians_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sighting_photos" ADD CONSTRAINT "sighting_photos_sighting_id_sightings_id_fk" FOREIGN KEY ("sighting_id") REFERENCES "public"."sightings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sighting_photos" ADD CONSTRAINT "sighting_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sighting_photos" ADD CONSTRAINT "sighting_photos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_pest_id_pests_id_fk" FOREIGN KEY ("pest_id") REFERENCES "public"."pests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_reporter_id_technicians_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sighting_links_token_key" ON "sighting_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sighting_photos_sighting_idx" ON "sighting_photos" USING btree ("sighting_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sighting_photos_file_key" ON "sighting_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sightings_action_key" ON "sightings" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "sightings_site_idx" ON "sightings" USING btree ("site_id","seen_at");--> statement-breakpoint
CREATE INDEX "sightings_address_idx" ON "sightings" USING btree ("address_hash","created_at") WHERE "sightings"."address_hash" is not null;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_origin_check" CHECK ("corrective_actions"."origin" in ('UMBRAL', 'MANUAL', 'RECOMENDACION', 'AVISTAMIENTO'));