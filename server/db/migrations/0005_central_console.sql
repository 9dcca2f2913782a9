CREATE TABLE "central_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"previous" text,
	"next" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "central_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "central_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "central_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" char(1) DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "source" text DEFAULT 'ponto' NOT NULL;--> statement-breakpoint
ALTER TABLE "central_actions" ADD CONSTRAINT "central_actions_user_id_central_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_sessions" ADD CONSTRAINT "central_sessions_user_id_central_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."central_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "central_actions_entity_idx" ON "central_actions" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "central_sessions_expires_idx" ON "central_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "central_users_email_idx" ON "central_users" USING btree (lower("email"));