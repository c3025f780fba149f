CREATE TABLE "assessment_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assessment_id" integer NOT NULL,
	"client_photo_id" text NOT NULL,
	"file_id" integer NOT NULL,
	"thumbnail_file_id" integer,
	"by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_assessment_id" text,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'BORRADOR' NOT NULL,
	"period_from" date,
	"period_to" date,
	"performed_at" timestamp with time zone NOT NULL,
	"performed_by_id" integer,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conclusions" text,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"figures" jsonb,
	"revision_of_id" integer,
	"signed_at" timestamp with time zone,
	"signed_by_id" integer,
	"signer_name" text,
	"signer_qualification" text,
	"signature_file_id" integer,
	"report_file_id" integer,
	"report_sha256" text,
	"accepted_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_kind_check" CHECK ("assessments"."kind" in ('DIAGNOSTICO', 'REVISION_ANUAL', 'REVISION_TRIMESTRAL')),
	CONSTRAINT "assessments_status_check" CHECK ("assessments"."status" in ('BORRADOR', 'FIRMADA', 'ACEPTADA')),
	CONSTRAINT "assessments_signed_check" CHECK (("assessments"."status" = 'BORRADOR') = ("assessments"."signed_at" is null) and ("assessments"."signed_at" is null) = ("assessments"."report_sha256" is null)),
	CONSTRAINT "assessments_period_check" CHECK ("assessments"."period_from" is null or "assessments"."period_to" is null or "assessments"."period_from" <= "assessments"."period_to")
);
--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "assessment_id" integer;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_performed_by_id_technicians_id_fk" FOREIGN KEY ("performed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_revision_of_id_assessments_id_fk" FOREIGN KEY ("revision_of_id") REFERENCES "public"."assessments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_signed_by_id_technicians_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_report_file_id_files_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_id_technicians_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_photos_assessment_idx" ON "assessment_photos" USING btree ("assessment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_photos_client_key" ON "assessment_photos" USING btree ("client_photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_photos_file_key" ON "assessment_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_client_id_key" ON "assessments" USING btree ("client_assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_revision_of_key" ON "assessments" USING btree ("revision_of_id");--> statement-breakpoint
CREATE INDEX "assessments_site_idx" ON "assessments" USING btree ("site_id","kind","performed_at");--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrective_actions_assessment_idx" ON "corrective_actions" USING btree ("assessment_id") WHERE "corrective_actions"."assessment_id" is not null;--> statement-breakpoint
CREATE TRIGGER assessments_audit AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('assessment', 'id', '+site_id', 'updated_at', 'figures');--> statement-breakpoint
CREATE TRIGGER assessment_photos_audit AFTER INSERT OR UPDATE OR DELETE ON assessment_photos FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('assessmentPhoto', 'assessment_id', '+id');
