CREATE TABLE "finding_captures" (
	"finding_id" bigint NOT NULL,
	"pest_id" integer NOT NULL,
	"count" integer,
	"band" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "finding_captures_pkey" PRIMARY KEY("finding_id","pest_id"),
	CONSTRAINT "finding_captures_amount_check" CHECK (("finding_captures"."count" is null) <> ("finding_captures"."band" is null) and "finding_captures"."count" >= 0
        and "finding_captures"."band" in ('0', '1-10', '11-50', '>50'))
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"trap_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"client_finding_id" uuid NOT NULL,
	"technician_id" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"device_status" text NOT NULL,
	"activity" text NOT NULL,
	"derived_activity" text NOT NULL,
	"bait_consumption" smallint,
	"bait_state" text,
	"evidence" text[] DEFAULT '{}'::text[] NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"reason" text,
	"is_correction" boolean DEFAULT false NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "findings_device_status_check" CHECK ("findings"."device_status" in ('OK', 'DANADO', 'SUCIO', 'REUBICADO', 'MANIPULADA', 'DISPARADA_SIN_CAPTURA')),
	CONSTRAINT "findings_activity_check" CHECK ("findings"."activity" in ('NINGUNA', 'BAJA', 'MEDIA', 'ALTA')),
	CONSTRAINT "findings_derived_activity_check" CHECK ("findings"."derived_activity" in ('NINGUNA', 'BAJA', 'MEDIA', 'ALTA')),
	CONSTRAINT "findings_bait_consumption_check" CHECK ("findings"."bait_consumption" in (0, 25, 50, 75, 100)),
	CONSTRAINT "findings_bait_state_check" CHECK ("findings"."bait_state" in ('CEBO_AUSENTE', 'CEBO_DETERIORADO')),
	CONSTRAINT "findings_evidence_check" CHECK ("findings"."evidence" <@ array['EXCREMENTOS', 'ROEDURAS', 'HUELLAS', 'MANCHAS_GRASA', 'NIDO', 'INSECTOS_VIVOS', 'INSECTOS_MUERTOS', 'OTRA']::text[]),
	CONSTRAINT "findings_actions_check" CHECK ("findings"."actions" <@ array['LIMPIEZA', 'CEBO_REPUESTO', 'LAMINA_CAMBIADA', 'TUBO_CAMBIADO', 'DISPOSITIVO_REEMPLAZADO', 'DISPOSITIVO_REUBICADO', 'SENALIZACION_REPUESTA']::text[]),
	CONSTRAINT "findings_flags_check" CHECK ("findings"."flags" <@ array['HORA_IMPLAUSIBLE', 'ENVIO_TARDIO', 'CADENCIA_IMPLAUSIBLE', 'FOTO_PENDIENTE']::text[]),
	CONSTRAINT "findings_notes_check" CHECK (char_length("findings"."notes") <= 1000),
	CONSTRAINT "findings_correction_check" CHECK (not "findings"."is_correction" or "findings"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"client_photo_id" uuid NOT NULL,
	"technician_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "exception_reason" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "exception_note" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "finding_id" bigint;--> statement-breakpoint
ALTER TABLE "finding_captures" ADD CONSTRAINT "finding_captures_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_captures" ADD CONSTRAINT "finding_captures_pest_id_pests_id_fk" FOREIGN KEY ("pest_id") REFERENCES "public"."pests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_item_id_session_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."session_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_item_id_session_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."session_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_captures_pest_recorded_idx" ON "finding_captures" USING btree ("pest_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "findings_client_finding_key" ON "findings" USING btree ("client_finding_id");--> statement-breakpoint
CREATE INDEX "findings_item_recorded_idx" ON "findings" USING btree ("item_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "findings_site_recorded_idx" ON "findings" USING btree ("site_id","recorded_at");--> statement-breakpoint
CREATE INDEX "findings_type_recorded_idx" ON "findings" USING btree ("trap_type","recorded_at");--> statement-breakpoint
CREATE INDEX "findings_trap_recorded_idx" ON "findings" USING btree ("trap_id","recorded_at");--> statement-breakpoint
CREATE INDEX "findings_technician_recorded_idx" ON "findings" USING btree ("technician_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_client_photo_key" ON "photos" USING btree ("client_photo_id");--> statement-breakpoint
CREATE INDEX "photos_item_idx" ON "photos" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_file_key" ON "photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_items_client_scan_key" ON "session_items" USING btree ("client_scan_id") WHERE "session_items"."client_scan_id" is not null;--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_exception_check" CHECK (("session_items"."exception_reason" is null) = ("session_items"."exception_note" is null)
        and ("session_items"."exception_reason" is null or "session_items"."status" = 'COMPLETED')
        and "session_items"."exception_reason" in ('NO_ENCONTRADO', 'INACCESIBLE'));--> statement-breakpoint
-- One version of what was found at a device, as the API answers it. FOTO_PENDIENTE is worked out here, not
-- stored: a tampered device's finding carries it until the item has a photo, whichever of the two arrives first.
CREATE OR REPLACE VIEW rondin_finding_json AS
  SELECT f.id, f.item_id, json_build_object(
    'id', f.id,
    'itemId', f.item_id,
    'clientFindingId', f.client_finding_id,
    'recordedAt', to_char(f.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'receivedAt', to_char(f.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'recordedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'deviceStatus', f.device_status,
    'activity', f.activity,
    'derivedActivity', f.derived_activity,
    'baitConsumption', f.bait_consumption,
    'baitState', f.bait_state,
    'captures', COALESCE((
      SELECT json_agg(json_build_object('pestId', c.pest_id, 'name', p.name, 'group', p."group", 'count', c.count, 'band', c.band) ORDER BY c.pest_id)
      FROM finding_captures c JOIN pests p ON p.id = c.pest_id
      WHERE c.finding_id = f.id
    ), '[]'::json),
    'evidence', to_json(f.evidence),
    'actions', to_json(f.actions),
    'notes', f.notes,
    'reason', f.reason,
    'isCorrection', f.is_correction,
    'flags', to_json(f.flags || CASE
      WHEN f.device_status = 'MANIPULADA' AND NOT EXISTS (SELECT 1 FROM photos ph WHERE ph.item_id = f.item_id)
        THEN ARRAY['FOTO_PENDIENTE']
      ELSE ARRAY[]::text[]
    END),
    'isCurrent', i.finding_id IS NOT DISTINCT FROM f.id,
    'versionCount', (SELECT count(*)::int FROM findings v WHERE v.item_id = f.item_id)
  ) AS finding
  FROM findings f
  JOIN session_items i ON i.id = f.item_id
  LEFT JOIN technicians who ON who.id = f.technician_id;
--> statement-breakpoint
-- Each item carries the SHA-256 of its trap's QR code (hex), so that a phone holding a scan it could not
-- send yet can mark the scanned trap as done-pending-sync: it hashes the code it read and compares. The
-- code itself stays out of the order (it would let anyone holding the order fake the visit), and a hash of
-- 100 random bits cannot be turned back into the code. The device's type says what the phone asks about it.
-- An item is completed by a scan (SCANNED, proof of presence) or by an exception (the device could not be
-- found or reached); it carries the current version of its finding and its photos' ids.
CREATE OR REPLACE VIEW rondin_item_json AS
  SELECT i.session_id, i.id, tr.code AS trap_code, json_build_object(
    'id', i.id,
    'trapId', i.trap_id,
    'status', i.status,
    'completedAt', to_char(i.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'trap', json_build_object('code', tr.code, 'area', tr.area, 'type', tr.type, 'qrHash', encode(sha256(convert_to(tr.qr_slug, 'UTF8')), 'hex')),
    'outcome', CASE WHEN i.status <> 'COMPLETED' THEN NULL WHEN i.exception_reason IS NULL THEN 'SCANNED' ELSE 'EXCEPTION' END,
    'exception', CASE WHEN i.exception_reason IS NULL THEN NULL ELSE json_build_object('reason', i.exception_reason, 'note', i.exception_note) END,
    'finding', (SELECT x.finding FROM rondin_finding_json x WHERE x.id = i.finding_id),
    'photoIds', COALESCE((SELECT json_agg(ph.id ORDER BY ph.id) FROM photos ph WHERE ph.item_id = i.id), '[]'::json)
  ) AS item
  FROM session_items i
  JOIN traps tr ON tr.id = i.trap_id
  LEFT JOIN technicians who ON who.id = i.completed_by_id;
--> statement-breakpoint
-- A photo's file goes with the photo, however the photo goes: deleted on its own, or with its order's items.
-- On the database backend the file's bytes (file_chunks) go with its row.
CREATE OR REPLACE FUNCTION rondin_photo_file_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM files WHERE id = OLD.file_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER photos_file_delete AFTER DELETE ON photos FOR EACH ROW EXECUTE FUNCTION rondin_photo_file_delete();
