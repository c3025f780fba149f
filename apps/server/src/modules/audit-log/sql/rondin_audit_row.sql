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
-- The audited records (modules/audit-log/README.md): adding one is one more trigger here. A site's thresholds are
-- appended by the server itself, one row a replaced set (modules/actions/actions.repository.ts).
DROP TRIGGER IF EXISTS traps_audit ON traps;
--> statement-breakpoint
CREATE TRIGGER traps_audit AFTER INSERT OR UPDATE OR DELETE ON traps FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('trap', 'id', '+code');
--> statement-breakpoint
DROP TRIGGER IF EXISTS sites_audit ON sites;
--> statement-breakpoint
CREATE TRIGGER sites_audit AFTER INSERT OR UPDATE OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('site', 'id', '+name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS plans_audit ON plans;
--> statement-breakpoint
CREATE TRIGGER plans_audit AFTER INSERT OR UPDATE OR DELETE ON plans FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('plan', 'id', '+name', 'updated_at');
--> statement-breakpoint
DROP TRIGGER IF EXISTS trap_placements_audit ON trap_placements;
--> statement-breakpoint
CREATE TRIGGER trap_placements_audit AFTER INSERT OR UPDATE OR DELETE ON trap_placements FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('placement', 'trap_id', '+plan_id', 'placed_at', 'placed_by_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_audit ON products;
--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('product', 'id', '+name', 'updated_at');
--> statement-breakpoint
DROP TRIGGER IF EXISTS corrective_actions_audit ON corrective_actions;
--> statement-breakpoint
CREATE TRIGGER corrective_actions_audit AFTER INSERT OR UPDATE OR DELETE ON corrective_actions FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('action', 'id', 'updated_at');
--> statement-breakpoint
DROP TRIGGER IF EXISTS company_settings_audit ON company_settings;
--> statement-breakpoint
CREATE TRIGGER company_settings_audit AFTER INSERT OR UPDATE OR DELETE ON company_settings FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('settings', 'id', 'updated_at');
--> statement-breakpoint
DROP TRIGGER IF EXISTS technicians_audit ON technicians;
--> statement-breakpoint
CREATE TRIGGER technicians_audit AFTER INSERT OR UPDATE OR DELETE ON technicians FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('account', 'id', '+full_name', 'token_version', 'password_hash=password');
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_audit ON clients;
--> statement-breakpoint
CREATE TRIGGER clients_audit AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('client', 'id', '+name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS contacts_audit ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_audit AFTER INSERT OR UPDATE OR DELETE ON contacts FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('contact', 'id', '+name', '+client_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS action_photos_audit ON action_photos;
--> statement-breakpoint
CREATE TRIGGER action_photos_audit AFTER INSERT OR UPDATE OR DELETE ON action_photos FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('actionPhoto', 'action_id', '+id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS signing_certificate_audit ON signing_certificate;
--> statement-breakpoint
CREATE TRIGGER signing_certificate_audit AFTER INSERT OR UPDATE OR DELETE ON signing_certificate FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('signingCertificate', 'id', 'sealed');
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_packs_audit ON audit_packs;
--> statement-breakpoint
CREATE TRIGGER audit_packs_audit AFTER INSERT OR UPDATE OR DELETE ON audit_packs FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('auditPack', 'id', '+site_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS control_programmes_audit ON control_programmes;
--> statement-breakpoint
CREATE TRIGGER control_programmes_audit AFTER INSERT OR UPDATE OR DELETE ON control_programmes FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('programme', 'id', '+site_id', '+version');
--> statement-breakpoint
DROP TRIGGER IF EXISTS assessments_audit ON assessments;
--> statement-breakpoint
CREATE TRIGGER assessments_audit AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('assessment', 'id', '+site_id', 'updated_at', 'figures');
--> statement-breakpoint
DROP TRIGGER IF EXISTS assessment_photos_audit ON assessment_photos;
--> statement-breakpoint
CREATE TRIGGER assessment_photos_audit AFTER INSERT OR UPDATE OR DELETE ON assessment_photos FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('assessmentPhoto', 'assessment_id', '+id');
