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
