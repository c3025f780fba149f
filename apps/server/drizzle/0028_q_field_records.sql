CREATE TABLE "label_reprints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_reprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trap_id" integer NOT NULL,
	"reason" text NOT NULL,
	"session_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by_id" integer,
	"printed_at" timestamp with time zone,
	"printed_by_id" integer,
	CONSTRAINT "label_reprints_reason_check" CHECK ("label_reprints"."reason" in ('ETIQUETA_DANADA', 'ETIQUETA_AUSENTE'))
);
--> statement-breakpoint
ALTER TABLE "session_items" DROP CONSTRAINT "session_items_exception_check";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "client_absent_reason" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "exception_detail" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "manual_reason" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "manual_code" text;--> statement-breakpoint
ALTER TABLE "session_items" ADD COLUMN "added_on_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "traps" ADD COLUMN "route_order" integer;--> statement-breakpoint
ALTER TABLE "label_reprints" ADD CONSTRAINT "label_reprints_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_reprints" ADD CONSTRAINT "label_reprints_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_reprints" ADD CONSTRAINT "label_reprints_requested_by_id_technicians_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_reprints" ADD CONSTRAINT "label_reprints_printed_by_id_technicians_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_reprints_pending_trap_key" ON "label_reprints" USING btree ("trap_id") WHERE "label_reprints"."printed_at" is null;--> statement-breakpoint
CREATE INDEX "label_reprints_pending_idx" ON "label_reprints" USING btree ("requested_at","id") WHERE "label_reprints"."printed_at" is null;--> statement-breakpoint
CREATE INDEX "label_reprints_session_id_idx" ON "label_reprints" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_manual_check" CHECK (("session_items"."manual_reason" is null) = ("session_items"."manual_code" is null)
        and ("session_items"."manual_reason" is null or ("session_items"."status" = 'COMPLETED' and "session_items"."exception_reason" is null))
        and "session_items"."manual_reason" in ('ETIQUETA_DANADA', 'ETIQUETA_AUSENTE'));--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_exception_check" CHECK (("session_items"."exception_reason" is null or "session_items"."status" = 'COMPLETED')
        and ("session_items"."exception_reason" is not null or ("session_items"."exception_note" is null and "session_items"."exception_detail" is null))
        and ("session_items"."exception_reason" is null or "session_items"."exception_note" is not null
          or ("session_items"."exception_detail" is not null and "session_items"."exception_detail" <> 'OTRO'))
        and "session_items"."exception_reason" in ('NO_ENCONTRADO', 'INACCESIBLE')
        and "session_items"."exception_detail" in ('AREA_CERRADA', 'BLOQUEADO_MERCADERIA', 'PRODUCCION', 'RETIRADO_CLIENTE', 'OTRO'));--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_route_order_check" CHECK ("traps"."route_order" > 0);--> statement-breakpoint
-- rondin_finding_context answers three more columns (the device's code, the order's creation, the current
-- version): its returned columns change, so it is dropped and created again.
DROP FUNCTION rondin_finding_context(integer, integer, integer, uuid, integer[]);
--> statement-breakpoint
-- What recording a finding depends on, read in one statement and without locks: the caller's account, the
-- order (and when it was created, to the millisecond as clients know times), the item, its device's type and
-- code, whether the finding's client id is already stored (and on which item), the caught pests that are
-- active, with their groups, and the item's current version as far as lowering it is concerned (id, recordedAt,
-- activity, bait consumption, captures, evidence). The server refuses from it what it must, checks the finding
-- against the device's type and against the current version (a lowering needs a reason), then writes with
-- rondin_finding, which takes the locks and answers CHANGED if any of this is no longer so.
CREATE OR REPLACE FUNCTION rondin_finding_context(
  p_session_id integer,
  p_item_id integer,
  p_user_id integer,
  p_client_finding_id uuid,
  p_pest_ids integer[]
) RETURNS TABLE (
  role text,
  token_version integer,
  order_technician_id integer,
  order_status text,
  item_status text,
  exception_reason text,
  trap_type text,
  stored_item_id integer,
  pests json,
  trap_code text,
  order_created_at timestamptz,
  current_finding json
)
LANGUAGE sql STABLE AS $$
  SELECT u.role, u.token_version, s.technician_id, s.status, i.status, i.exception_reason, t.type,
    (SELECT f.item_id FROM findings f WHERE f.client_finding_id = p_client_finding_id),
    (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'group', p."group")), '[]'::json)
     FROM pests p WHERE p.id = ANY (p_pest_ids) AND p.is_active),
    t.code,
    date_trunc('milliseconds', s.created_at),
    (SELECT json_build_object(
       'id', f.id,
       'recordedAt', to_char(f.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'activity', f.activity,
       'baitConsumption', f.bait_consumption,
       'evidence', to_json(f.evidence),
       'captures', (SELECT COALESCE(json_agg(json_build_object('pestId', c.pest_id, 'count', c.count, 'band', c.band)), '[]'::json)
                    FROM finding_captures c WHERE c.finding_id = f.id))
     FROM findings f WHERE f.id = i.finding_id)
  FROM (SELECT 1) AS one
  LEFT JOIN technicians u ON u.id = p_user_id AND u.is_active
  LEFT JOIN sessions s ON s.id = p_session_id
  LEFT JOIN session_items i ON i.id = p_item_id AND i.session_id = p_session_id
  LEFT JOIN traps t ON t.id = i.trap_id
$$;
--> statement-breakpoint
-- A finding's version written in one round trip, after the server checked it against rondin_finding_context.
-- The order's row is locked for share (findings of its other items go on side by side; a close, which locks
-- it for update, waits), then the item's row, so versions of one item are written one after another. If what
-- the server checked no longer holds (the account, the order's state or technician, the item, the device's
-- type, a pest's group or state), nothing is written and the answer is CHANGED: the server reads the context
-- again and answers from it. A client id already stored on this item is answered REPLAYED with that version.
--
-- recordedAt is the device's time when plausible (as a scan's: not before the order existed, at most two
-- minutes ahead of the database's clock), else the database's. The version is current when it is the latest
-- by recordedAt, or an administrator's correction. Flags for the office are fixed here: HORA_IMPLAUSIBLE,
-- ENVIO_TARDIO (delivered more than p_late_delivery after it was recorded), CADENCIA_IMPLAUSIBLE (the
-- technician recorded p_cadence_max_devices devices within p_cadence_window); a correction carries only the
-- first, as it is made in the office.
--
-- p_finding: {clientFindingId, deviceTime, deviceStatus, activity, derivedActivity, baitConsumption, baitState,
-- evidence[], actions[], notes, reason, captures[{pestId, count, band}], currentFindingId (the item's current
-- version the server checked it against, null when none)}; p_pests: [{id, group}] as checked.
CREATE OR REPLACE FUNCTION rondin_finding(
  p_session_id integer,
  p_item_id integer,
  p_user_id integer,
  p_token_version integer,
  p_correction boolean,
  p_trap_type text,
  p_pests json,
  p_finding json,
  p_late_delivery interval,
  p_cadence_window interval,
  p_cadence_max_devices integer
) RETURNS TABLE (result text, technician_id integer, finding json, item json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_role text;
  v_technician_id integer;
  v_status text;
  v_created_at timestamptz;
  v_item record;
  v_stored_item_id integer;
  v_id bigint;
  v_now timestamptz := clock_timestamp();
  v_device_time timestamptz := (p_finding->>'deviceTime')::timestamptz;
  v_plausible boolean;
  v_recorded_at timestamptz;
  v_flags text[] := '{}';
  v_current_at timestamptz;
BEGIN
  SELECT u.role INTO v_role FROM technicians u
  WHERE u.id = p_user_id AND u.is_active AND u.token_version = p_token_version;
  SELECT s.technician_id, s.status, s.created_at INTO v_technician_id, v_status, v_created_at
  FROM sessions s WHERE s.id = p_session_id FOR SHARE;
  SELECT i.id, i.status, i.exception_reason, i.finding_id, i.trap_id, t.type, t.site_id INTO v_item
  FROM session_items i JOIN traps t ON t.id = i.trap_id
  WHERE i.id = p_item_id AND i.session_id = p_session_id
  FOR NO KEY UPDATE OF i;
  IF v_role IS NULL OR v_technician_id IS NULL OR v_item.id IS NULL
     OR (v_role <> 'ADMIN' AND v_technician_id <> p_user_id) THEN
    RETURN QUERY SELECT 'CHANGED'::text, NULL::integer, NULL::json, NULL::json;
    RETURN;
  END IF;

  SELECT f.id, f.item_id INTO v_id, v_stored_item_id
  FROM findings f WHERE f.client_finding_id = (p_finding->>'clientFindingId')::uuid;
  IF v_stored_item_id = p_item_id THEN
    RETURN QUERY SELECT 'REPLAYED'::text, v_technician_id,
      (SELECT x.finding FROM rondin_finding_json x WHERE x.id = v_id),
      (SELECT x.item FROM rondin_item_json x WHERE x.id = p_item_id);
    RETURN;
  END IF;

  IF v_stored_item_id IS NOT NULL
     -- The version the server compared this one with (to ask a reason for lowering it) is still the current one.
     OR v_item.finding_id IS DISTINCT FROM (p_finding->>'currentFindingId')::bigint
     OR (v_status = 'COMPLETED') <> p_correction
     OR (p_correction AND v_role <> 'ADMIN')
     OR v_item.status <> 'COMPLETED' OR v_item.exception_reason IS NOT NULL
     OR v_item.type <> p_trap_type
     OR (SELECT count(*) FROM pests p JOIN json_to_recordset(p_pests) AS c(id integer, "group" text)
         ON c.id = p.id AND c."group" = p."group" WHERE p.is_active) <> json_array_length(p_pests) THEN
    RETURN QUERY SELECT 'CHANGED'::text, NULL::integer, NULL::json, NULL::json;
    RETURN;
  END IF;

  -- Clients know times to the millisecond; the order's creation is stored to the microsecond.
  v_plausible := v_device_time BETWEEN date_trunc('milliseconds', v_created_at) AND v_now + interval '2 minutes';
  v_recorded_at := CASE WHEN v_plausible THEN least(v_device_time, v_now) ELSE v_now END;
  IF NOT v_plausible THEN
    v_flags := v_flags || 'HORA_IMPLAUSIBLE'::text;
  END IF;
  IF NOT p_correction THEN
    IF v_now - v_recorded_at > p_late_delivery THEN
      v_flags := v_flags || 'ENVIO_TARDIO'::text;
    END IF;
    IF (SELECT count(DISTINCT f.item_id) FROM findings f
        WHERE f.technician_id = p_user_id AND f.item_id <> p_item_id
          AND f.recorded_at > v_recorded_at - p_cadence_window AND f.recorded_at <= v_recorded_at
       ) + 1 >= p_cadence_max_devices THEN
      v_flags := v_flags || 'CADENCIA_IMPLAUSIBLE'::text;
    END IF;
  END IF;

  INSERT INTO findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
    device_time, received_at, device_status, activity, derived_activity, bait_consumption, bait_state, evidence,
    actions, notes, reason, is_correction, flags)
  VALUES (p_item_id, v_item.site_id, v_item.trap_id, v_item.type, (p_finding->>'clientFindingId')::uuid, p_user_id,
    v_recorded_at, v_device_time, v_now, p_finding->>'deviceStatus', p_finding->>'activity',
    p_finding->>'derivedActivity', (p_finding->>'baitConsumption')::smallint, p_finding->>'baitState',
    ARRAY(SELECT json_array_elements_text(p_finding->'evidence')),
    ARRAY(SELECT json_array_elements_text(p_finding->'actions')),
    p_finding->>'notes', p_finding->>'reason', p_correction, v_flags)
  RETURNING id INTO v_id;

  INSERT INTO finding_captures (finding_id, pest_id, count, band, recorded_at)
  SELECT v_id, c."pestId", c.count, c.band, v_recorded_at
  FROM json_to_recordset(p_finding->'captures') AS c("pestId" integer, count integer, band text);

  SELECT f.recorded_at INTO v_current_at FROM findings f WHERE f.id = v_item.finding_id;
  IF p_correction OR v_current_at IS NULL OR v_recorded_at >= v_current_at THEN
    UPDATE session_items SET finding_id = v_id WHERE id = p_item_id;
  END IF;

  RETURN QUERY SELECT 'RECORDED'::text, v_technician_id,
    (SELECT x.finding FROM rondin_finding_json x WHERE x.id = v_id),
    (SELECT x.item FROM rondin_item_json x WHERE x.id = p_item_id);
END
$$;
--> statement-breakpoint
-- Each item carries the SHA-256 of its trap's QR code (hex), so that a phone holding a scan it could not
-- send yet can mark the scanned trap as done-pending-sync: it hashes the code it read and compares. The
-- code itself stays out of the order (it would let anyone holding the order fake the visit), and a hash of
-- 100 random bits cannot be turned back into the code. The device's type says what the phone asks about it.
-- An item is completed by a scan (SCANNED, proof of presence), by the device's printed code typed when its label
-- could not be read (MANUAL: inspected, not proof of presence) or by an exception (the device could not be found
-- or reached); it carries the current version of its finding and its photos' ids. addedOnSite: the technician
-- added it to the order on the spot; trap.routeOrder: the device's place in its site's walk order.
CREATE OR REPLACE VIEW rondin_item_json AS
  SELECT i.session_id, i.id, tr.code AS trap_code, json_build_object(
    'id', i.id,
    'trapId', i.trap_id,
    'status', i.status,
    'completedAt', to_char(i.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedBy', CASE WHEN who.id IS NULL THEN NULL ELSE json_build_object('id', who.id, 'fullName', who.full_name) END,
    'trap', json_build_object('code', tr.code, 'area', tr.area, 'type', tr.type, 'qrHash', encode(sha256(convert_to(tr.qr_slug, 'UTF8')), 'hex'), 'routeOrder', tr.route_order),
    'addedOnSite', i.added_on_site,
    'outcome', CASE WHEN i.status <> 'COMPLETED' THEN NULL WHEN i.exception_reason IS NOT NULL THEN 'EXCEPTION'
      WHEN i.manual_reason IS NOT NULL THEN 'MANUAL' ELSE 'SCANNED' END,
    'exception', CASE WHEN i.exception_reason IS NULL THEN NULL ELSE json_build_object('reason', i.exception_reason, 'reasonDetail', i.exception_detail, 'note', i.exception_note) END,
    'manual', CASE WHEN i.manual_reason IS NULL THEN NULL ELSE json_build_object('reason', i.manual_reason, 'code', i.manual_code) END,
    'finding', (SELECT x.finding FROM rondin_finding_json x WHERE x.id = i.finding_id),
    'photoIds', COALESCE((SELECT json_agg(ph.id ORDER BY ph.id) FROM photos ph WHERE ph.item_id = i.id), '[]'::json)
  ) AS item
  FROM session_items i
  JOIN traps tr ON tr.id = i.trap_id
  LEFT JOIN technicians who ON who.id = i.completed_by_id;
--> statement-breakpoint
-- An order without its items, with the site it belongs to: what the phone's order card shows (client, address)
-- and the zone its times are shown in (null: the server's).
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
    'site', json_build_object('id', si.id, 'name', si.name, 'client', si.client, 'address', si.address, 'timeZone', si.time_zone),
    'servicePlanId', s.service_plan_id
  ) AS summary
  FROM sessions s
  JOIN sites si ON si.id = s.site_id
  JOIN technicians t ON t.id = s.technician_id
  LEFT JOIN technicians cb ON cb.id = s.closed_by_id;
