-- The trigger sites_client (BEFORE INSERT OR UPDATE OF client_id, client ON sites, FOR EACH ROW): every site has a
-- client, and its `client` text is that client's name, the text documents print. A site written without client_id
-- (POST /api/sites with a `client` name and no clientId, a direct insert, a backup of a release before clients,
-- the first site a new database holds) gets the client its `client` text names, or else one of the site's own
-- name: trimmed, found ignoring case, created when there is none (race-free: ON CONFLICT on the unique lower(name)).
-- An update changing the text alone, to a name, moves the site to the client it names; to nothing, keeps its
-- client. Migration 0031 filled the sites of older releases the same way.
CREATE OR REPLACE FUNCTION rondin_site_client() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
BEGIN
  IF NEW.client_id IS NULL OR (
    TG_OP = 'UPDATE' AND NEW.client_id = OLD.client_id AND NEW.client IS DISTINCT FROM OLD.client
    AND nullif(btrim(NEW.client), '') IS NOT NULL
  ) THEN
    v_name := coalesce(nullif(btrim(NEW.client), ''), btrim(NEW.name));
    INSERT INTO clients (name) VALUES (v_name) ON CONFLICT ((lower(name))) DO NOTHING;
    SELECT c.id INTO NEW.client_id FROM clients c WHERE lower(c.name) = lower(v_name);
  END IF;
  SELECT c.name INTO NEW.client FROM clients c WHERE c.id = NEW.client_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sites_client ON sites;
--> statement-breakpoint
CREATE TRIGGER sites_client BEFORE INSERT OR UPDATE OF client_id, client ON sites FOR EACH ROW EXECUTE FUNCTION rondin_site_client();
