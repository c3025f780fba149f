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
