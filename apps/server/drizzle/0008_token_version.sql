-- Each account's token version, raised at every password change; a token carries the version it was
-- issued under, and one of an older version is refused. The scan checks the account in its own single
-- statement, so it takes the token's version too (rondin_scan's old five-argument form is replaced).
ALTER TABLE "technicians" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP FUNCTION rondin_scan(integer, text, integer, uuid, timestamptz);
--> statement-breakpoint
-- As in 0001_order_functions.sql, plus the token version: a token issued before the password changed is
-- answered STALE_TOKEN (refused and not logged, like an inactive account's).
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
-- As in 0006_scan_batch.sql, passing each scan's token version.
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
