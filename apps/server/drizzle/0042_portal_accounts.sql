CREATE TABLE "portal_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"issued_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"note" text NOT NULL,
	"by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "technicians" DROP CONSTRAINT "technicians_role_check";--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "portal_site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "action_photos" ADD COLUMN "response_id" integer;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "acknowledged_by_id" integer;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "acknowledgement_note" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "accepted_by_id" integer;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_account_id_technicians_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_issued_by_id_technicians_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_responses" ADD CONSTRAINT "action_responses_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_responses" ADD CONSTRAINT "action_responses_by_id_technicians_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_invitations_token_key" ON "portal_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_invitations_account_idx" ON "portal_invitations" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "action_responses_action_idx" ON "action_responses" USING btree ("action_id","id");--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_photos" ADD CONSTRAINT "action_photos_response_id_action_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."action_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_acknowledged_by_id_technicians_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_accepted_by_id_technicians_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technicians_client_idx" ON "technicians" USING btree ("client_id") WHERE "technicians"."client_id" is not null;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_client_check" CHECK (("technicians"."role" = 'CLIENTE') = ("technicians"."client_id" is not null));--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_role_check" CHECK ("technicians"."role" in ('ADMIN', 'TECH', 'CLIENTE'));