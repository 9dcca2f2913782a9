-- Issue 38 (central staff, hand-written): an invited colleague has no password until they open their invitation link, and the
-- links themselves (only the token's SHA-256 is kept; single use, expiring).
ALTER TABLE "central_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "central_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "central_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "central_invitations" ADD CONSTRAINT "central_invitations_user_id_central_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."central_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_invitations" ADD CONSTRAINT "central_invitations_created_by_central_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "central_invitations_user_idx" ON "central_invitations" USING btree ("user_id");
