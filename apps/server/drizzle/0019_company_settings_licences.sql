CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"address" text,
	"phone" text,
	"registry_number" text,
	"technical_manager" text,
	"logo_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_one_row_check" CHECK ("company_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "licence_expires_at" date;--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "qualification" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_qualification_check" CHECK ("technicians"."qualification" in ('APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL'));