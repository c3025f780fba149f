-- Appends one change to audit_log, in the caller's transaction: who (the transaction's rondin.actor_id, set by the
-- server's auditAs, with the account's name as it is now; none: the system), why (rondin.audit_reason), and the
-- record before and after. Appends are serialised by a transaction-level advisory lock held until the commit, so
-- with any number of server processes on one database each row is numbered right after the last committed one and
-- chained to its hash: the log stays one line, 1, 2, 3… A rolled-back transaction takes its rows and its numbers
-- with it, so a missing number is a row taken out.
CREATE OR REPLACE FUNCTION rondin_audit_append(
  p_entity text,
  p_entity_id integer,
  p_action text,
  p_before jsonb,
  p_after jsonb
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_actor integer := nullif(current_setting('rondin.actor_id', true), '')::integer;
  v_actor_name text;
  v_reason text := nullif(current_setting('rondin.audit_reason', true), '');
  v_id bigint;
  v_prev text;
  v_at timestamptz;
BEGIN
  -- Any number, the same in every process: beside the migrations' 74201101 (src/db/database.ts).
  PERFORM pg_advisory_xact_lock(74201102);
  SELECT l.id + 1, l.hash INTO v_id, v_prev FROM audit_log l ORDER BY l.id DESC LIMIT 1;
  v_id := coalesce(v_id, 1);
  v_prev := coalesce(v_prev, repeat('0', 64));
  -- Taken under the lock, so the instants follow the numbers.
  v_at := date_trunc('milliseconds', clock_timestamp());
  IF v_actor IS NOT NULL THEN
    SELECT t.full_name INTO v_actor_name FROM technicians t WHERE t.id = v_actor;
  END IF;
  INSERT INTO audit_log (id, at, actor_id, actor_name, entity, entity_id, action, before, after, reason, prev_hash, hash)
  VALUES (v_id, v_at, v_actor, v_actor_name, p_entity, p_entity_id, p_action, p_before, p_after, v_reason, v_prev,
    rondin_audit_hash(v_id, v_at, v_actor, v_actor_name, p_entity, p_entity_id, p_action, p_before, p_after, v_reason,
      v_prev));
END
$$;
