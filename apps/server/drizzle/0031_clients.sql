CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tax_id" text,
	"address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"phone" text,
	"site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"notify_certificates" boolean DEFAULT false NOT NULL,
	"notify_actions" boolean DEFAULT false NOT NULL,
	"notify_reviews" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "client_id" integer DEFAULT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_lower_key" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_client_id_idx" ON "contacts" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_client_id_idx" ON "sites" USING btree ("client_id");
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- One client per distinct `client` text of the sites, trimmed and ignoring case, spelled as its oldest site wrote
-- it; a site without one gets a client of its own name. Created here, in name order, so sites_client finds them.
INSERT INTO clients (name)
SELECT DISTINCT ON (lower(s.name)) s.name
FROM (SELECT coalesce(nullif(btrim(client), ''), btrim(name)) AS name, id FROM sites) s
ORDER BY lower(s.name), s.id;
--> statement-breakpoint
-- Each site takes its client (sites_client), not a change a person made: the change log is left out of it.
ALTER TABLE sites DISABLE TRIGGER sites_audit;
--> statement-breakpoint
UPDATE sites SET client_id = NULL;
--> statement-breakpoint
ALTER TABLE sites ENABLE TRIGGER sites_audit;
--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "client_id" SET NOT NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_audit ON clients;
--> statement-breakpoint
CREATE TRIGGER clients_audit AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('client', 'id', '+name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS contacts_audit ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_audit AFTER INSERT OR UPDATE OR DELETE ON contacts FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('contact', 'id', '+name', '+client_id');
