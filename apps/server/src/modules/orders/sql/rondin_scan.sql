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
