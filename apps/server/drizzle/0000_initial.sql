CREATE TABLE "scan_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"item_id" integer,
	"technician_id" integer,
	"qr_slug" text NOT NULL,
	"result" text NOT NULL,
	"client_scan_id" uuid,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"trap_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"completed_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_by_id" integer,
	"client_scan_id" uuid,
	CONSTRAINT "session_items_status_check" CHECK ("session_items"."status" in ('PENDING', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"technician_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_id" integer,
	"force_closed" boolean DEFAULT false NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" in ('PENDING', 'IN_PROGRESS', 'COMPLETED')),
	CONSTRAINT "sessions_counts_check" CHECK ("sessions"."completed_count" between 0 and "sessions"."item_count")
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "technicians_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text DEFAULT 'TECH' NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technicians_role_check" CHECK ("technicians"."role" in ('ADMIN', 'TECH'))
);
--> statement-breakpoint
CREATE TABLE "traps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"area" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"qr_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_items" ADD CONSTRAINT "session_items_completed_by_id_technicians_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_created_by_id_technicians_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_closed_by_id_technicians_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_events_session_id_idx" ON "scan_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_items_session_trap_key" ON "session_items" USING btree ("session_id","trap_id");--> statement-breakpoint
CREATE INDEX "session_items_trap_id_idx" ON "session_items" USING btree ("trap_id");--> statement-breakpoint
CREATE INDEX "sessions_technician_id_idx" ON "sessions" USING btree ("technician_id","id");--> statement-breakpoint
CREATE INDEX "sessions_status_idx" ON "sessions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_scheduled_at_idx" ON "sessions" USING btree ("scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_email_lower_key" ON "technicians" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "traps_code_lower_key" ON "traps" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "traps_qr_slug_key" ON "traps" USING btree ("qr_slug");