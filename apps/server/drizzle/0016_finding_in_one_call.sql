-- An object of the S3-compatible store whose file row goes (deleted, or moved back into the database) is queued
-- in file_object_deletions in the same transaction; the server deletes the object after the commit.
CREATE OR REPLACE FUNCTION rondin_file_object_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.storage_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.storage_key IS DISTINCT FROM OLD.storage_key) THEN
    INSERT INTO file_object_deletions (storage_key) VALUES (OLD.storage_key);
  END IF;
  RETURN NULL;
END
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
-- evidence[], actions[], notes, reason, captures[{pestId, count, band}]}; p_pests: [{id, group}] as checked.
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
-- What recording a finding depends on, read in one statement and without locks: the caller's account, the
-- order, the item and its device's type, whether the finding's client id is already stored (and on which
-- item), and the caught pests that are active, with their groups. The server refuses from it what it must,
-- checks the finding against the device's type, then writes with rondin_finding, which takes the locks and
-- answers CHANGED if any of this is no longer so.
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
  pests json
)
LANGUAGE sql STABLE AS $$
  SELECT u.role, u.token_version, s.technician_id, s.status, i.status, i.exception_reason, t.type,
    (SELECT f.item_id FROM findings f WHERE f.client_finding_id = p_client_finding_id),
    (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'group', p."group")), '[]'::json)
     FROM pests p WHERE p.id = ANY (p_pest_ids) AND p.is_active)
  FROM (SELECT 1) AS one
  LEFT JOIN technicians u ON u.id = p_user_id AND u.is_active
  LEFT JOIN sessions s ON s.id = p_session_id
  LEFT JOIN session_items i ON i.id = p_item_id AND i.session_id = p_session_id
  LEFT JOIN traps t ON t.id = i.trap_id
$$;
--> statement-breakpoint
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
-- The scan hot path in one round trip, account check included. Locking the order's row first serialises
-- scans of one order with each other and with closing it; every later statement here then reads the state
-- as of that lock, so two scans of one trap cannot both count it and no scan lands on a closed order.
-- Every attempt by an active account, accepted or refused, is logged in scan_events in the same
-- transaction as its effect. The caller's role is read here, not trusted from the token.
--
-- A scan made offline arrives later with the device's id for it (p_client_scan_id) and the device's time
-- (p_device_time). A second delivery of an accepted id is answered as a success and changes nothing, even
-- once the order is closed. The device's time becomes the inspection time when it is plausible: not before
-- the order existed, not more than two minutes ahead of the server's clock.
--
-- A token issued before the account's last password change (p_token_version older than the account's) is
-- answered STALE_TOKEN and, like an inactive account's attempt, not logged.
CREATE OR REPLACE FUNCTION rondin_scan(
  p_session_id integer,
  p_slug text,
  p_user_id integer,
  p_client_scan_id uuid,
  p_device_time timestamptz,
  p_token_version integer
) RETURNS TABLE (result text, session json, item json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_role text;
  v_token_version integer;
  v_technician_id integer;
  v_status text;
  v_created_at timestamptz;
  v_item_id integer;
  v_item_status text;
  v_result text;
  v_now timestamptz := clock_timestamp();
BEGIN
  SELECT u.role, u.token_version INTO v_role, v_token_version FROM technicians u WHERE u.id = p_user_id AND u.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'INACTIVE_USER'::text, NULL::json, NULL::json;
    RETURN;
  END IF;
  IF v_token_version <> p_token_version THEN
    RETURN QUERY SELECT 'STALE_TOKEN'::text, NULL::json, NULL::json;
    RETURN;
  END IF;

  SELECT s.technician_id, s.status, s.created_at INTO v_technician_id, v_status, v_created_at
  FROM sessions s WHERE s.id = p_session_id FOR UPDATE;

  IF NOT FOUND OR (v_role <> 'ADMIN' AND v_technician_id <> p_user_id) THEN
    v_result := 'NOT_ASSIGNED';
  ELSIF p_client_scan_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM scan_events e
    WHERE e.client_scan_id = p_client_scan_id AND e.result = 'ACCEPTED' AND e.session_id = p_session_id
  ) THEN
    v_result := 'REPLAYED';
    SELECT e.item_id INTO v_item_id FROM scan_events e
    WHERE e.client_scan_id = p_client_scan_id AND e.result = 'ACCEPTED';
  ELSIF v_status = 'COMPLETED' THEN
    v_result := 'ORDER_CLOSED';
  ELSE
    SELECT i.id, i.status INTO v_item_id, v_item_status
    FROM session_items i JOIN traps t ON t.id = i.trap_id
    WHERE i.session_id = p_session_id AND t.qr_slug = p_slug;
    IF NOT FOUND THEN
      v_result := 'NOT_IN_ORDER';
    ELSIF v_item_status = 'COMPLETED' THEN
      v_result := 'ALREADY_COMPLETED';
    ELSE
      v_result := 'ACCEPTED';
      UPDATE session_items SET
        status = 'COMPLETED',
        completed_at = CASE
          -- Clients know times to the millisecond; the order's creation is stored to the microsecond.
          WHEN p_device_time BETWEEN date_trunc('milliseconds', v_created_at) AND v_now + interval '2 minutes'
            THEN least(p_device_time, v_now)
          ELSE v_now
        END,
        received_at = v_now,
        completed_by_id = p_user_id,
        client_scan_id = p_client_scan_id
      WHERE id = v_item_id;
      UPDATE sessions SET
        completed_count = completed_count + 1,
        status = CASE WHEN status = 'PENDING' THEN 'IN_PROGRESS' ELSE status END,
        started_at = COALESCE(started_at, v_now)
      WHERE id = p_session_id;
    END IF;
  END IF;

  INSERT INTO scan_events (session_id, item_id, technician_id, qr_slug, result, client_scan_id, scanned_at, created_at)
  VALUES (p_session_id, v_item_id, p_user_id, p_slug, v_result, p_client_scan_id, p_device_time, v_now);

  IF v_result IN ('ACCEPTED', 'ALREADY_COMPLETED', 'REPLAYED') THEN
    RETURN QUERY SELECT v_result,
      (SELECT v.summary FROM rondin_session_summary_json v WHERE v.id = p_session_id),
      (SELECT x.item FROM rondin_item_json x WHERE x.id = v_item_id);
  ELSE
    RETURN QUERY SELECT v_result, NULL::json, NULL::json;
  END IF;
END
$$;
--> statement-breakpoint
-- Several scans in one statement, for the embedded database (PGlite). It has one connection, so
-- concurrent scans wait in line anyway; sending the ones that queued up while the previous statement ran
-- as one statement pays the per-statement cost (about two thirds of a scan's time in WebAssembly) once.
-- Each scan runs exactly as rondin_scan alone, in arrival order (p_scans is a JSON array of
-- {session_id, slug, user_id, client_scan_id, device_time}); one answer row per scan, numbered from 1 in
-- that order. A scan whose client id was already accepted on another order is answered
-- CLIENT_SCAN_ID_REUSED and undone alone (its own subtransaction); the rest of the batch stands. The
-- batch commits as one transaction: no scan of it is acknowledged before all are stored.
-- Each scan carries its token's version (token_version), checked as rondin_scan checks it.
CREATE OR REPLACE FUNCTION rondin_scan_batch(p_scans json) RETURNS TABLE (ord bigint, result text, session json, item json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
BEGIN
  FOR s IN
    SELECT x.ord, x.value->>'session_id' AS session_id, x.value->>'slug' AS slug, x.value->>'user_id' AS user_id,
           x.value->>'client_scan_id' AS client_scan_id, x.value->>'device_time' AS device_time,
           x.value->>'token_version' AS token_version
    FROM json_array_elements(p_scans) WITH ORDINALITY AS x(value, ord)
  LOOP
    BEGIN
      RETURN QUERY SELECT s.ord, r.result, r.session, r.item
        FROM rondin_scan(s.session_id::integer, s.slug, s.user_id::integer, s.client_scan_id::uuid, s.device_time::timestamptz,
          s.token_version::integer) r;
    EXCEPTION WHEN unique_violation THEN
      RETURN QUERY SELECT s.ord, 'CLIENT_SCAN_ID_REUSED'::text, NULL::json, NULL::json;
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
-- One order with its items in trap-code order.
CREATE OR REPLACE FUNCTION rondin_session_json(p_session_id integer) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT (v.summary::jsonb || jsonb_build_object('items', COALESCE(
    (SELECT jsonb_agg(x.item ORDER BY x.trap_code, x.id) FROM rondin_item_json x WHERE x.session_id = v.id),
    '[]'::jsonb
  )))::json
  FROM rondin_session_summary_json v
  WHERE v.id = p_session_id
$$;
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
    'site', json_build_object('id', si.id, 'name', si.name),
    'servicePlanId', s.service_plan_id
  ) AS summary
  FROM sessions s
  JOIN sites si ON si.id = s.site_id
  JOIN technicians t ON t.id = s.technician_id
  LEFT JOIN technicians cb ON cb.id = s.closed_by_id;
