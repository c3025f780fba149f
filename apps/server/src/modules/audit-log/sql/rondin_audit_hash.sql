-- A row of audit_log's SHA-256 (lower-case hex): its fields as one JSON array, in this order, in PostgreSQL's jsonb
-- text form (object keys sorted by length, then byte by byte; ", " and ": " between items; nothing else added),
-- encoded as UTF-8. The instant is written in UTC to the millisecond (2024-05-06T07:08:09.123Z), which is all
-- audit_log.at holds. The previous row's hash is the last item: that is the chain. The one definition both the
-- append (rondin_audit_append) and the check (npm run audit-log:verify) use; the module's README says it again.
CREATE OR REPLACE FUNCTION rondin_audit_hash(
  p_id bigint,
  p_at timestamptz,
  p_actor_id integer,
  p_actor_name text,
  p_entity text,
  p_entity_id integer,
  p_action text,
  p_before jsonb,
  p_after jsonb,
  p_reason text,
  p_prev_hash text
) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_id, to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), p_actor_id, p_actor_name, p_entity,
    p_entity_id, p_action, p_before, p_after, p_reason, p_prev_hash
  )::text, 'UTF8')), 'hex')
$$;
