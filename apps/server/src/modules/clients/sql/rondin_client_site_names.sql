-- The trigger clients_site_names (AFTER UPDATE OF name ON clients, FOR EACH ROW): a renamed client's sites print
-- its new name (sites.client, kept by sites_client; the change log records each site's change too).
CREATE OR REPLACE FUNCTION rondin_client_site_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE sites SET client = NEW.name WHERE client_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_site_names ON clients;
--> statement-breakpoint
CREATE TRIGGER clients_site_names AFTER UPDATE OF name ON clients FOR EACH ROW EXECUTE FUNCTION rondin_client_site_names();
