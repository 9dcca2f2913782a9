CREATE TABLE "notification_reads" (
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_point_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "kind" text;--> statement-breakpoint
-- Hand-written: the rows written before kinds existed get theirs from their source and title.
UPDATE "point_notifications" SET "kind" = CASE
	WHEN "source" = 'central' AND "title" LIKE 'Serviço aprovado%' THEN 'aprovado'
	WHEN "source" = 'central' THEN 'recusado'
	WHEN "title" = 'Reagendamento' THEN 'reagendamento'
	ELSE 'cancelamento' END;--> statement-breakpoint
ALTER TABLE "point_notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD COLUMN "os_number" integer;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_point_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."point_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_point_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_point_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_point_idx" ON "push_subscriptions" USING btree ("service_point_id");--> statement-breakpoint
ALTER TABLE "point_notifications" ADD CONSTRAINT "point_notifications_actor_user_id_point_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_notifications" ADD CONSTRAINT "point_notifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_notifications_point_seq_idx" ON "point_notifications" USING btree ("service_point_id","seq");--> statement-breakpoint
CREATE INDEX "point_notifications_created_idx" ON "point_notifications" USING btree ("created_at");--> statement-breakpoint
-- Hand-written: a notice the point marked read stays read for each of the point's users.
INSERT INTO "notification_reads" ("notification_id", "user_id")
	SELECT n."id", u."id" FROM "point_notifications" n JOIN "point_users" u ON u."service_point_id" = n."service_point_id"
	WHERE n."read";--> statement-breakpoint
ALTER TABLE "point_notifications" DROP COLUMN "read";--> statement-breakpoint
ALTER TABLE "point_notifications" DROP COLUMN "source";