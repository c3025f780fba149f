CREATE TABLE "action_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"thumbnail_file_id" integer,
	"by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corrective_action_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_action_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"reason" text,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrective_action_changes_field_check" CHECK ("corrective_action_changes"."field" in ('dueDate', 'responsible', 'responsibleName'))
);
--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "product_impact_kind" text;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "verified_on" date;--> statement-breakpoint
ALTER TABLE "action_photos" ADD CONSTRAINT "action_photos_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_photos" ADD CONSTRAINT "action_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_photos" ADD CONSTRAINT "action_photos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_photos" ADD CONSTRAINT "action_photos_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_changes" ADD CONSTRAINT "corrective_action_changes_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_changes" ADD CONSTRAINT "corrective_action_changes_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_photos_action_idx" ON "action_photos" USING btree ("action_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_photos_file_key" ON "action_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "corrective_action_changes_action_idx" ON "corrective_action_changes" USING btree ("action_id","id");--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_product_impact_kind_check" CHECK ("corrective_actions"."product_impact_kind" in ('SIN_IMPACTO', 'PRODUCTO_RETENIDO', 'PRODUCTO_DESECHADO', 'EN_EVALUACION'));--> statement-breakpoint
CREATE TRIGGER action_photos_audit AFTER INSERT OR UPDATE OR DELETE ON action_photos FOR EACH ROW EXECUTE FUNCTION rondin_audit_row('actionPhoto', 'action_id', '+id');
