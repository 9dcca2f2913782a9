-- Issue 39 (member follow links, hand-written): the order's link to the member's page (only the token's SHA-256 is kept; at
-- most one live link per order), notes the member may see, and the returns the member asks for through the link.
CREATE TABLE "follow_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "follow_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "follow_links" ADD CONSTRAINT "follow_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_links" ADD CONSTRAINT "follow_links_created_by_point_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_links_live_idx" ON "follow_links" USING btree ("appointment_id") WHERE "follow_links"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "execution_notes" ADD COLUMN "visible_to_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_returns" ADD COLUMN "origin" text DEFAULT 'ponto' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_returns" ADD COLUMN "execution_service_id" uuid;--> statement-breakpoint
ALTER TABLE "service_returns" ADD CONSTRAINT "service_returns_execution_service_id_execution_services_id_fk" FOREIGN KEY ("execution_service_id") REFERENCES "public"."execution_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_returns" ADD CONSTRAINT "service_returns_origin_check" CHECK ("service_returns"."origin" in ('ponto', 'socio'));--> statement-breakpoint
CREATE UNIQUE INDEX "service_returns_member_open_idx" ON "service_returns" USING btree ("execution_service_id") WHERE "service_returns"."origin" = 'socio' and "service_returns"."status" <> 'C';
