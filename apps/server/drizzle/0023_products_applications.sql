CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"client_application_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"batch" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" text NOT NULL,
	"area" text,
	"trap_id" integer,
	"target_pest_id" integer,
	"method" text NOT NULL,
	"dose" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"safety_interval_hours" integer NOT NULL,
	"applicator_id" integer NOT NULL,
	"recorded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_quantity_check" CHECK ("applications"."quantity" > 0),
	CONSTRAINT "applications_unit_check" CHECK ("applications"."unit" in ('g', 'kg', 'ml', 'l', 'unidades')),
	CONSTRAINT "applications_times_check" CHECK ("applications"."started_at" <= "applications"."ended_at")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"active_ingredients" text NOT NULL,
	"registration_number" text NOT NULL,
	"type" text NOT NULL,
	"authorisation_expires_at" date NOT NULL,
	"user_category" text NOT NULL,
	"food_industry_allowed" boolean DEFAULT false NOT NULL,
	"safety_interval_hours" integer DEFAULT 0 NOT NULL,
	"toxic" boolean DEFAULT false NOT NULL,
	"cmr" boolean DEFAULT false NOT NULL,
	"anticoagulant" boolean DEFAULT false NOT NULL,
	"sds_file_id" integer,
	"sds_issued_on" date,
	"label_file_id" integer,
	"label_issued_on" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" ~ '^TP([1-9]|1[0-9]|2[0-2])$'),
	CONSTRAINT "products_user_category_check" CHECK ("products"."user_category" in ('PROFESIONAL', 'ESPECIALIZADO')),
	CONSTRAINT "products_safety_interval_check" CHECK ("products"."safety_interval_hours" between 0 and 8760),
	CONSTRAINT "products_sds_check" CHECK (("products"."sds_file_id" is null) = ("products"."sds_issued_on" is null)),
	CONSTRAINT "products_label_check" CHECK (("products"."label_file_id" is null) = ("products"."label_issued_on" is null))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_target_pest_id_pests_id_fk" FOREIGN KEY ("target_pest_id") REFERENCES "public"."pests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicator_id_technicians_id_fk" FOREIGN KEY ("applicator_id") REFERENCES "public"."technicians"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_recorded_by_id_technicians_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sds_file_id_files_id_fk" FOREIGN KEY ("sds_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_label_file_id_files_id_fk" FOREIGN KEY ("label_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_client_application_key" ON "applications" USING btree ("client_application_id");--> statement-breakpoint
CREATE INDEX "applications_session_idx" ON "applications" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "applications_product_idx" ON "applications" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_lower_key" ON "products" USING btree (lower("name"));