CREATE TABLE "audit_packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"site_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"time_zone" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by_id" integer,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_certificate" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed" "bytea" NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificate_one_row_check" CHECK ("signing_certificate"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_issued_by_id_technicians_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_packs_code_key" ON "audit_packs" USING btree ("code");--> statement-breakpoint
CREATE INDEX "audit_packs_site_idx" ON "audit_packs" USING btree ("site_id");--> statement-breakpoint
CREATE TRIGGER signing_certificate_audit AFTER INSERT OR UPDATE OR DELETE ON signing_certificate FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('signingCertificate', 'id', 'sealed');--> statement-breakpoint
CREATE TRIGGER audit_packs_audit AFTER INSERT OR UPDATE OR DELETE ON audit_packs FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('auditPack', 'id', '+site_id');
