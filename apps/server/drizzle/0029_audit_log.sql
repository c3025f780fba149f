CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_hashes_check" CHECK ("audit_log"."hash" ~ '^[0-9a-f]{64}$' and "audit_log"."prev_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- The trigger <table>_audit of each audited table (AFTER INSERT OR UPDATE OR DELETE, FOR EACH ROW): appends the
-- change to audit_log in the same transaction, as the action create (after: the new record), update (the fields
-- it changed, before and after) or delete (before: the record as it was). Fields are named as the API names them
-- (site_id: siteId). Arguments: the entity's name, the column holding its id, then any of: `+column`, kept in an
-- update's before and after even unchanged, so a person can tell which record it was (a trap's code); `column`,
-- left out (bookkeeping: updated_at, token_version); `column=action`, a secret whose change is recorded as that
-- action with neither value (password_hash=password). An update that changes only what is left out records
-- nothing but a secret's action.
CREATE OR REPLACE FUNCTION rondin_audit_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_old jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  v_new jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  v_id integer := (coalesce(v_new, v_old) ->> TG_ARGV[1])::integer;
  v_named text[] := ARRAY[]::text[];
  v_left_out text[] := ARRAY[]::text[];
  v_shown text[];
  v_argument text;
  v_column text;
BEGIN
  FOREACH v_argument IN ARRAY TG_ARGV[2:] LOOP
    IF left(v_argument, 1) = '+' THEN
      v_named := v_named || substr(v_argument, 2);
      CONTINUE;
    END IF;
    v_column := split_part(v_argument, '=', 1);
    v_left_out := v_left_out || v_column;
    IF TG_OP = 'UPDATE' AND v_argument LIKE '%=%' AND v_old -> v_column IS DISTINCT FROM v_new -> v_column THEN
      PERFORM rondin_audit_append(TG_ARGV[0], v_id, split_part(v_argument, '=', 2), NULL, NULL);
    END IF;
  END LOOP;
  v_old := v_old - v_left_out;
  v_new := v_new - v_left_out;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.key) INTO v_shown FROM jsonb_each(v_new) n WHERE n.value IS DISTINCT FROM v_old -> n.key;
    IF v_shown IS NULL THEN
      RETURN NULL;
    END IF;
    v_shown := v_shown || v_named;
  END IF;
  PERFORM rondin_audit_append(
    TG_ARGV[0],
    v_id,
    CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE lower(TG_OP) END,
    (SELECT jsonb_object_agg(lower(left(e.key, 1)) || substr(replace(initcap(e.key), '_', ''), 2), e.value)
      FROM jsonb_each(v_old) e WHERE v_shown IS NULL OR e.key = ANY (v_shown)),
    (SELECT jsonb_object_agg(lower(left(e.key, 1)) || substr(replace(initcap(e.key), '_', ''), 2), e.value)
      FROM jsonb_each(v_new) e WHERE v_shown IS NULL OR e.key = ANY (v_shown))
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The triggers audit_log_immutable (BEFORE UPDATE OR DELETE, each row) and audit_log_no_truncate (BEFORE TRUNCATE):
-- a row of the change log, once written, is never changed nor taken out, whatever the statement or the bug. Both
-- are ENABLE ALWAYS, so not even session_replication_role = replica passes them.
CREATE OR REPLACE FUNCTION rondin_audit_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de cambios no se modifica ni se borra: cada fila es definitiva.'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- Rows of the change log are final: no update, delete or truncate, even with session_replication_role = replica.
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION rondin_audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION rondin_audit_guard();
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_immutable;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
--> statement-breakpoint
-- The audited records (modules/audit-log/README.md): adding one is one more such line. A site's thresholds are
-- appended by the server itself, one row a replaced set (modules/actions/actions.repository.ts).
CREATE TRIGGER traps_audit AFTER INSERT OR UPDATE OR DELETE ON traps FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('trap', 'id', '+code');
--> statement-breakpoint
CREATE TRIGGER sites_audit AFTER INSERT OR UPDATE OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('site', 'id', '+name');
--> statement-breakpoint
CREATE TRIGGER plans_audit AFTER INSERT OR UPDATE OR DELETE ON plans FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('plan', 'id', '+name', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER trap_placements_audit AFTER INSERT OR UPDATE OR DELETE ON trap_placements FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('placement', 'trap_id', '+plan_id', 'placed_at', 'placed_by_id');
--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('product', 'id', '+name', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER corrective_actions_audit AFTER INSERT OR UPDATE OR DELETE ON corrective_actions FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('action', 'id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER company_settings_audit AFTER INSERT OR UPDATE OR DELETE ON company_settings FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('settings', 'id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER technicians_audit AFTER INSERT OR UPDATE OR DELETE ON technicians FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('account', 'id', '+full_name', 'token_version', 'password_hash=password');
