CREATE TABLE "certificate_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"file_id" integer,
	"sha256" text,
	"client_name" text,
	"client_role" text,
	"client_signature_file_id" integer,
	"client_absent" boolean DEFAULT false NOT NULL,
	"technician_signature_file_id" integer,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "certificates_number_check" CHECK ("certificates"."number" between 1 and 999999)
);
--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_client_signature_file_id_files_id_fk" FOREIGN KEY ("client_signature_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_technician_signature_file_id_files_id_fk" FOREIGN KEY ("technician_signature_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_folio_revision_key" ON "certificates" USING btree ("year","number","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_session_current_key" ON "certificates" USING btree ("session_id") WHERE "certificates"."replaced_at" is null;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;