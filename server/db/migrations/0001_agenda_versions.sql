CREATE TABLE "agenda_versions" (
	"scope" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "execution_services_pending_idx" ON "execution_services" USING btree ("appointment_id") WHERE "execution_services"."approval_status" = 'P';