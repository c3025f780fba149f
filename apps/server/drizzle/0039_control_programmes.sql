CREATE TABLE "control_programmes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "control_programmes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"scope" text NOT NULL,
	"target_pest_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"methods" text NOT NULL,
	"frequencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"response_time_hours" integer NOT NULL,
	"responsibilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permitted_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_id" integer,
	"approved_by_name" text,
	"accepted_on" date,
	"accepted_by_name" text,
	"accepted_by_role" text,
	"accepted_contact_id" integer,
	"acceptance_recorded_at" timestamp with time zone,
	"acceptance_recorded_by_id" integer,
	"acceptance_recorded_by_name" text,
	CONSTRAINT "control_programmes_version_check" CHECK ("control_programmes"."version" >= 1),
	CONSTRAINT "control_programmes_pest_groups_check" CHECK ("control_programmes"."target_pest_groups" <@ array['ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS']::text[]),
	CONSTRAINT "control_programmes_approval_check" CHECK (("control_programmes"."approved_at" is null) = ("control_programmes"."approved_by_name" is null)),
	CONSTRAINT "control_programmes_acceptance_check" CHECK (("control_programmes"."accepted_on" is null) = ("control_programmes"."accepted_by_name" is null)
        and ("control_programmes"."accepted_on" is null) = ("control_programmes"."acceptance_recorded_at" is null)
        and ("control_programmes"."accepted_on" is null or "control_programmes"."approved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "control_programmes" ADD CONSTRAINT "control_programmes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_programmes" ADD CONSTRAINT "control_programmes_created_by_id_technicians_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_programmes" ADD CONSTRAINT "control_programmes_approved_by_id_technicians_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_programmes" ADD CONSTRAINT "control_programmes_accepted_contact_id_contacts_id_fk" FOREIGN KEY ("accepted_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_programmes" ADD CONSTRAINT "control_programmes_acceptance_recorded_by_id_technicians_id_fk" FOREIGN KEY ("acceptance_recorded_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "control_programmes_site_version_key" ON "control_programmes" USING btree ("site_id","version");--> statement-breakpoint
CREATE INDEX "control_programmes_site_approved_idx" ON "control_programmes" USING btree ("site_id","effective_from") WHERE "control_programmes"."approved_at" is not null;--> statement-breakpoint
DROP TRIGGER IF EXISTS control_programmes_audit ON control_programmes;
--> statement-breakpoint
CREATE TRIGGER control_programmes_audit AFTER INSERT OR UPDATE OR DELETE ON control_programmes FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('programme', 'id', '+site_id', '+version');
