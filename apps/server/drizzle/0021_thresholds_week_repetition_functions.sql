-- Trigger session_items_exception_thresholds: an item completed by an exception (the device not found, or not
-- reachable) is judged against the thresholds (ESTADO) in the transaction that records it.
CREATE OR REPLACE FUNCTION rondin_exception_thresholds() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_record_breach(t.site_id, NEW.trap_id, NEW.id, NULL, NEW.exception_reason,
    coalesce(NEW.completed_at, clock_timestamp()), NEW.completed_by_id)
  FROM traps t WHERE t.id = NEW.trap_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
-- Trigger findings_thresholds: each finding version is judged against the thresholds once, when its
-- transaction commits (a constraint trigger deferred to the commit, so its catches, written after it, are
-- there), still inside that transaction.
CREATE OR REPLACE FUNCTION rondin_finding_thresholds() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rondin_record_breach(NEW.site_id, NEW.trap_id, NEW.item_id, NEW.id, NULL, NEW.recorded_at, NEW.technician_id);
  RETURN NULL;
END
$$;
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
-- Records what a finding version or an exception crossed (threshold_breaches), in the transaction that wrote
-- it; called once per finding and once per exception by the triggers findings_thresholds and
-- session_items_exception_thresholds, so a replay (which writes nothing) never records twice, and the unique
-- indexes of threshold_breaches refuse a second record of one finding or exception. Crossing an ACCION limit
-- opens a corrective action for the device, or adds the breach as an occurrence of the one already open: the
-- unique index corrective_actions_open_threshold_key keeps one open UMBRAL action a device, and a concurrent
-- transaction that opened it first is waited for and then joined. A REPETICION crossing at ACCION is the
-- area's (a device without an area: the device's): it opens or joins the area's open UMBRAL action (trap_id
-- null; corrective_actions_open_area_threshold_key keeps one a site and area), linked as area_action_id, while
-- the other ACCION crossings of the same finding go to the device's action. Findings of one area are judged
-- one transaction at a time (an advisory lock on the site and area until the commit), so two devices of an
-- area with activity in the same order see each other even when their findings commit at once.
CREATE OR REPLACE FUNCTION rondin_record_breach(
  p_site_id integer,
  p_trap_id integer,
  p_item_id integer,
  p_finding_id bigint,
  p_exception text,
  p_at timestamptz,
  p_by integer
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_area text;
  v_code text;
  v_due date;
  v_breaches jsonb;
  v_level text;
  v_action integer;
  v_area_action integer;
  v_what text;
  v_repeated text;
BEGIN
  SELECT t.area, t.code, (p_at AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date + 7
  INTO v_area, v_code, v_due
  FROM traps t JOIN sites s ON s.id = t.site_id WHERE t.id = p_trap_id;
  IF v_area IS NOT NULL AND p_finding_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(p_site_id, hashtext(v_area));
  END IF;
  -- After the lock, so this statement's snapshot holds what the area's other findings committed.
  v_breaches := rondin_threshold_breaches(p_trap_id, p_site_id, p_at, p_finding_id, p_exception);
  IF v_breaches IS NULL THEN
    RETURN;
  END IF;
  v_level := CASE WHEN v_breaches @> '[{"level": "ACCION"}]' THEN 'ACCION' ELSE 'ALERTA' END;
  IF v_level = 'ACCION' THEN
    SELECT string_agg(
      CASE b->>'metric'
        WHEN 'ESTADO' THEN CASE WHEN p_exception = 'NO_ENCONTRADO' THEN 'dispositivo no encontrado' ELSE 'dispositivo dañado o manipulado' END
        WHEN 'ACTIVIDAD' THEN 'actividad ' || (ARRAY['baja', 'media', 'alta'])[(b->>'observed')::int]
        WHEN 'CONSUMO_CEBO' THEN 'consumo de cebo ' || (b->>'observed') || ' % (límite ' || (b->>'limit') || ' %)'
        WHEN 'CAPTURAS_SEMANA' THEN 'capturas' || coalesce(' de ' || lower(b->>'pestGroup'), '') || ' por semana: '
          || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
        ELSE 'capturas' || coalesce(' de ' || lower(b->>'pestGroup'), '') || ': ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
      END, '; ' ORDER BY b->>'metric')
    INTO v_what
    FROM jsonb_array_elements(v_breaches) b
    WHERE b->>'level' = 'ACCION' AND (b->>'metric' <> 'REPETICION' OR v_area IS NULL);
    SELECT 'actividad repetida: ' || (b->>'observed') || ' (límite ' || (b->>'limit') || ')'
    INTO v_repeated
    FROM jsonb_array_elements(v_breaches) b
    WHERE b->>'level' = 'ACCION' AND b->>'metric' = 'REPETICION';
    IF v_area IS NULL AND v_repeated IS NOT NULL THEN
      v_what := concat_ws('; ', v_what, v_repeated);
    END IF;
    IF v_what IS NOT NULL THEN
      LOOP
        SELECT a.id INTO v_action FROM corrective_actions a
        WHERE a.trap_id = p_trap_id AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
        EXIT WHEN FOUND;
        INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
          responsible, due_date, status)
        VALUES (p_site_id, p_trap_id, v_area, 'UMBRAL', p_at, p_by, 'ALTA',
          'Umbral de acción superado en ' || v_code || ': ' || v_what || '.', 'EMPRESA', v_due, 'ABIERTA')
        ON CONFLICT (trap_id) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' DO NOTHING
        RETURNING id INTO v_action;
        IF v_action IS NOT NULL THEN
          INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
          VALUES (v_action, NULL, 'ABIERTA', 'Abierta al superar un umbral de acción.', p_by);
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF v_area IS NOT NULL AND v_repeated IS NOT NULL THEN
      LOOP
        SELECT a.id INTO v_area_action FROM corrective_actions a
        WHERE a.site_id = p_site_id AND a.area = v_area AND a.trap_id IS NULL AND a.origin = 'UMBRAL' AND a.status <> 'CERRADA';
        EXIT WHEN FOUND;
        INSERT INTO corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity, description,
          responsible, due_date, status)
        VALUES (p_site_id, NULL, v_area, 'UMBRAL', p_at, p_by, 'ALTA',
          'Umbral de acción superado en el área ' || v_area || ' (' || v_code || '): ' || v_repeated || '.', 'EMPRESA',
          v_due, 'ABIERTA')
        ON CONFLICT (site_id, area) WHERE origin = 'UMBRAL' AND status <> 'CERRADA' AND trap_id IS NULL DO NOTHING
        RETURNING id INTO v_area_action;
        IF v_area_action IS NOT NULL THEN
          INSERT INTO corrective_action_events (action_id, from_status, to_status, note, by_id)
          VALUES (v_area_action, NULL, 'ABIERTA', 'Abierta al repetirse la actividad en el área.', p_by);
          EXIT;
        END IF;
      END LOOP;
    END IF;
  END IF;
  INSERT INTO threshold_breaches (site_id, trap_id, item_id, finding_id, exception_reason, level, breaches, occurred_at,
    action_id, area_action_id)
  VALUES (p_site_id, p_trap_id, p_item_id, p_finding_id, p_exception, v_level, v_breaches, p_at, v_action, v_area_action);
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
--> statement-breakpoint
-- The limits a finding (or an exception) crossed, judged by the limits in force when it was recorded: a null
-- when none. A device's thresholds are the global ones of its type, zone and risk level (a null zone or risk
-- in a threshold: any), where a site's own threshold of the same type, zone, risk, metric, pest group and
-- level takes the global one's place. A device nobody classified is judged as the strictest: inside (zone
-- INTERIOR), risk ALTO. Observed values: the activity as 0–3, the bait eaten (%), the catches of the
-- inspection (a band counts as its least: 1, 11, 51) of the threshold's pest group or all, and for the
-- device's condition 1 when it was damaged, tampered with or not found.
-- CAPTURAS_SEMANA: those catches per device-week, catches × 7 ÷ the days since the device's previous
-- inspection (the current version of its other items' findings recorded before this one), at least 1 day and
-- at most 28; 7 days when there is none (a first inspection is read as a week). Floored, which against a
-- whole limit is exact: ⌊x⌋ ≥ n ⟺ x ≥ n.
-- REPETICION: for a finding with activity (BAJA or more), the greater of how many inspections of the device
-- in a row had activity, this one included (the current version of each, exceptions skipped, the last 10),
-- and how many devices of its area (same site, same area name) had activity in the same order, this one
-- included; 0 for a finding without activity.
-- PL/pgSQL, so the query's plan is cached for the session: as a SQL function called from the trigger it was
-- planned at every call, 1 ms of a finding's time (BENCHMARKS.md, "Threshold evaluation"). Each metric's
-- observed value is computed only when a threshold of that metric applies.
CREATE OR REPLACE FUNCTION rondin_threshold_breaches(
  p_trap_id integer,
  p_site_id integer,
  p_at timestamptz,
  p_finding_id bigint,
  p_exception text
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
  WITH trap AS (
    SELECT t.type, coalesce(t.zone, 'INTERIOR') AS zone, coalesce(t.risk_level, 'ALTO') AS risk_level, t.area
    FROM traps t WHERE t.id = p_trap_id
  ), candidate AS (
    SELECT th.zone, th.risk_level, th.metric, th.pest_group, th.level, th.value, th.site_id
    FROM thresholds th JOIN trap ON th.trap_type = trap.type
    WHERE (th.zone IS NULL OR th.zone = trap.zone)
      AND (th.risk_level IS NULL OR th.risk_level = trap.risk_level)
      AND (th.site_id IS NULL OR th.site_id = p_site_id)
      AND th.valid_from <= p_at AND (th.valid_to IS NULL OR th.valid_to > p_at)
  ), effective AS (
    SELECT c.* FROM candidate c
    WHERE c.site_id IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM candidate o
      WHERE o.site_id IS NOT NULL AND o.zone IS NOT DISTINCT FROM c.zone
        AND o.risk_level IS NOT DISTINCT FROM c.risk_level AND o.metric = c.metric
        AND o.pest_group IS NOT DISTINCT FROM c.pest_group AND o.level = c.level
    )
  ), finding AS (
    SELECT f.device_status, f.activity, f.bait_consumption, f.item_id, f.activity <> 'NINGUNA' AS active,
      i.session_id
    FROM findings f JOIN session_items i ON i.id = f.item_id WHERE f.id = p_finding_id
  ), earlier AS (
    -- The device's other inspections before this one, newest first (current finding versions).
    SELECT f.recorded_at, f.activity <> 'NINGUNA' AS active,
      row_number() OVER (ORDER BY f.recorded_at DESC, f.id DESC) AS n
    FROM findings f JOIN session_items i ON i.finding_id = f.id
    WHERE f.trap_id = p_trap_id AND f.recorded_at < p_at AND i.id <> (SELECT x.item_id FROM finding x)
    ORDER BY f.recorded_at DESC, f.id DESC
    LIMIT 9
  ), week AS (
    SELECT CASE WHEN max(e.recorded_at) IS NULL THEN 7
      ELSE least(28, greatest(1, extract(epoch FROM p_at - max(e.recorded_at)) / 86400)) END AS days
    FROM earlier e
  ), observed AS (
    SELECT e.metric, e.pest_group, e.level, e.value AS limit_value,
      CASE e.metric
        WHEN 'ESTADO' THEN CASE
          WHEN p_exception = 'NO_ENCONTRADO' OR (SELECT x.device_status FROM finding x) IN ('DANADO', 'MANIPULADA') THEN 1
          ELSE 0 END
        WHEN 'ACTIVIDAD' THEN (SELECT array_position(ARRAY['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'], x.activity) - 1 FROM finding x)
        WHEN 'CONSUMO_CEBO' THEN (SELECT x.bait_consumption::integer FROM finding x)
        WHEN 'CAPTURAS' THEN (
          SELECT sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))::integer
          FROM finding_captures c JOIN pests p ON p.id = c.pest_id
          WHERE c.finding_id = p_finding_id AND (e.pest_group IS NULL OR p."group" = e.pest_group)
        )
        WHEN 'CAPTURAS_SEMANA' THEN (
          SELECT floor(sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))
            * 7 / (SELECT w.days FROM week w))::integer
          FROM finding_captures c JOIN pests p ON p.id = c.pest_id
          WHERE c.finding_id = p_finding_id AND (e.pest_group IS NULL OR p."group" = e.pest_group)
        )
        WHEN 'REPETICION' THEN (
          SELECT CASE WHEN NOT x.active THEN 0 ELSE greatest(
            1 + coalesce((SELECT min(r.n) - 1 FROM earlier r WHERE NOT r.active), (SELECT count(*) FROM earlier)),
            (SELECT count(DISTINCT i.trap_id)
              FROM session_items i JOIN findings f ON f.id = i.finding_id JOIN traps t ON t.id = i.trap_id
              WHERE i.session_id = x.session_id AND t.site_id = p_site_id AND t.area = (SELECT trap.area FROM trap)
                AND (f.activity <> 'NINGUNA' OR i.id = x.item_id))
          ) END
          FROM finding x
        )
      END AS observed
    FROM effective e
  )
  SELECT jsonb_agg(
    jsonb_build_object('metric', o.metric, 'pestGroup', o.pest_group, 'level', o.level, 'limit', o.limit_value, 'observed', o.observed)
    ORDER BY o.level, o.metric, o.pest_group
  )
  FROM observed o WHERE o.observed >= o.limit_value
  );
END
$$;
