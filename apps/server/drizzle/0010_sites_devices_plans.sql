-- Sites (every trap and order in one; "Sitio principal" holds what existed), device types, zones and risk
-- levels, the pest catalogue, files (metadata, and the database backend's chunks), floor plans, where each
-- device is on one, and every placement change.
CREATE TABLE "file_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"backend" text NOT NULL,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_media_type_check" CHECK ("files"."media_type" in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
	CONSTRAINT "files_backend_check" CHECK (("files"."backend" = 'database') = ("files"."storage_key" is null))
);
--> statement-breakpoint
CREATE TABLE "pests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scientific_name" text,
	"group" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pests_group_check" CHECK ("pests"."group" in ('ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS'))
);
--> statement-breakpoint
CREATE TABLE "placement_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placement_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trap_id" integer NOT NULL,
	"plan_id" integer,
	"x" double precision,
	"y" double precision,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_size_check" CHECK ("plans"."width" > 0 and "plans"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"client" text,
	"address" text,
	"time_zone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trap_placements" (
	"trap_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"placed_by_id" integer,
	CONSTRAINT "trap_placements_range_check" CHECK ("trap_placements"."x" between 0 and 1 and "trap_placements"."y" between 0 and 1)
);
--> statement-breakpoint
DROP INDEX "traps_code_lower_key";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "site_id" integer;--> statement-breakpoint
-- Every trap and order there is belongs to the one site the plant had until now.
INSERT INTO "sites" ("name") VALUES ('Sitio principal');--> statement-breakpoint
UPDATE "traps" SET "site_id" = (SELECT min("id") FROM "sites");--> statement-breakpoint
UPDATE "sessions" SET "site_id" = (SELECT min("id") FROM "sites");--> statement-breakpoint
ALTER TABLE "traps" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "type" text DEFAULT 'OTRO' NOT NULL;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "risk_level" text;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_placements" ADD CONSTRAINT "trap_placements_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_placements" ADD CONSTRAINT "trap_placements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_placements" ADD CONSTRAINT "trap_placements_placed_by_id_technicians_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_chunks_file_seq_key" ON "file_chunks" USING btree ("file_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pests_name_lower_key" ON "pests" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "placement_events_trap_idx" ON "placement_events" USING btree ("trap_id","id");--> statement-breakpoint
CREATE INDEX "placement_events_plan_idx" ON "placement_events" USING btree ("plan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_site_name_lower_key" ON "plans" USING btree ("site_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_lower_key" ON "sites" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "trap_placements_plan_id_idx" ON "trap_placements" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_site_id_idx" ON "sessions" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "traps_site_code_lower_key" ON "traps" USING btree ("site_id",lower("code"));--> statement-breakpoint
CREATE INDEX "traps_site_id_idx" ON "traps" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_type_check" CHECK ("traps"."type" in ('CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO'));--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_zone_check" CHECK ("traps"."zone" in ('EXTERIOR', 'PERIMETRO_INTERIOR', 'INTERIOR'));--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_risk_level_check" CHECK ("traps"."risk_level" in ('ALTO', 'MEDIO', 'BAJO'));--> statement-breakpoint
-- The catalogue starts with the species a food plant's pest control records most, and the groups light traps
-- count catches by (species without a scientific name).
INSERT INTO "pests" ("name", "scientific_name", "group") VALUES
  ('Rata parda', 'Rattus norvegicus', 'ROEDORES'),
  ('Rata negra', 'Rattus rattus', 'ROEDORES'),
  ('Ratón doméstico', 'Mus musculus', 'ROEDORES'),
  ('Cucaracha alemana', 'Blattella germanica', 'RASTREROS'),
  ('Cucaracha americana', 'Periplaneta americana', 'RASTREROS'),
  ('Cucaracha oriental', 'Blatta orientalis', 'RASTREROS'),
  ('Hormigas', 'Formicidae', 'RASTREROS'),
  ('Pececillo de plata', 'Lepisma saccharina', 'RASTREROS'),
  ('Mosca doméstica', 'Musca domestica', 'VOLADORES'),
  ('Mosca del vinagre', 'Drosophila melanogaster', 'VOLADORES'),
  ('Polilla india de la harina', 'Plodia interpunctella', 'PRODUCTO_ALMACENADO'),
  ('Polilla mediterránea de la harina', 'Ephestia kuehniella', 'PRODUCTO_ALMACENADO'),
  ('Escarabajo rojo de la harina', 'Tribolium castaneum', 'PRODUCTO_ALMACENADO'),
  ('Escarabajo del tabaco', 'Lasioderma serricorne', 'PRODUCTO_ALMACENADO'),
  ('Gorgojo del trigo', 'Sitophilus granarius', 'PRODUCTO_ALMACENADO'),
  ('Carcoma del pan', 'Stegobium paniceum', 'PRODUCTO_ALMACENADO'),
  ('Moscas', NULL, 'VOLADORES'),
  ('Dípteros pequeños', NULL, 'VOLADORES'),
  ('Mosquitos', NULL, 'VOLADORES'),
  ('Polillas', NULL, 'VOLADORES'),
  ('Avispas', NULL, 'VOLADORES'),
  ('Coleópteros', NULL, 'OTROS'),
  ('Otros insectos', NULL, 'OTROS');
--> statement-breakpoint
-- Each item carries the SHA-256 of its trap's QR code (hex), so that a phone holding a scan it could not
-- send yet can mark the scanned trap as done-pending-sync: it hashes the code it read and compares. The
-- code itself stays out of the order (it would let anyone holding the order fake the visit), and a hash of
-- 100 random bits cannot be turned back into the code. The device's type says what the phone asks about it.
CREATE OR REPLACE VIEW rondin_item_json AS
  SELECT i.session_id, i.id, tr.code AS trap_code, json_build_object(
    'id', i.id,
    'trapId', i.trap_id,
    'status', i.status,
    'completedAt', to_char(i.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'trap', json_build_object('code', tr.code, 'area', tr.area, 'type', tr.type, 'qrHash', encode(sha256(convert_to(tr.qr_slug, 'UTF8')), 'hex'))
  ) AS item
  FROM session_items i
  JOIN traps tr ON tr.id = i.trap_id
  LEFT JOIN technicians who ON who.id = i.completed_by_id;
--> statement-breakpoint
-- An order without its items, with the site it belongs to.
CREATE OR REPLACE VIEW rondin_session_summary_json AS
  SELECT s.id, json_build_object(
    'id', s.id,
    'status', s.status,
    'scheduledAt', to_char(s.scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'startedAt', to_char(s.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closedAt', to_char(s.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closedBy', CASE WHEN cb.id IS NULL THEN NULL ELSE json_build_object('id', cb.id, 'fullName', cb.full_name) END,
    'forceClosed', s.force_closed,
    'technicianId', s.technician_id,
    'technician', json_build_object('id', t.id, 'fullName', t.full_name, 'email', t.email),
    'itemCount', s.item_count,
    'completedCount', s.completed_count,
    'siteId', s.site_id,
    'site', json_build_object('id', si.id, 'name', si.name)
  ) AS summary
  FROM sessions s
  JOIN sites si ON si.id = s.site_id
  JOIN technicians t ON t.id = s.technician_id
  LEFT JOIN technicians cb ON cb.id = s.closed_by_id;
