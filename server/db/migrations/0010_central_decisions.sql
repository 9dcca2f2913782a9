ALTER TABLE "execution_services" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "execution_services" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "execution_services" ADD CONSTRAINT "execution_services_decided_by_central_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the decisions taken before this migration get their author and time from the central's record of actions
-- (the latest approve or refuse of each link still decided).
UPDATE "execution_services" es SET "decided_by" = ca."user_id", "decided_at" = ca."at"
	FROM (SELECT DISTINCT ON ("entity_id") "entity_id", "user_id", "at" FROM "central_actions"
		WHERE "entity" = 'execution_service' AND "action" IN ('aprovar', 'recusar')
		ORDER BY "entity_id", "at" DESC, "id" DESC) ca
	WHERE ca."entity_id" = es."id" AND es."approval_status" <> 'P';--> statement-breakpoint
ALTER TABLE "execution_services" ADD CONSTRAINT "execution_services_pending_undecided_check" CHECK ("execution_services"."approval_status" <> 'P' or ("execution_services"."decided_by" is null and "execution_services"."decided_at" is null));--> statement-breakpoint
CREATE INDEX "execution_services_decided_idx" ON "execution_services" USING btree ("decided_at") WHERE "execution_services"."decided_at" is not null;
