-- Issue 39 (evidence chain, hand-written): each stored file's verified hash and the phone's claims, each order's chain of
-- evidence (every entry holding the previous one's hash) and the signature of its head when the order ended.
ALTER TABLE "stored_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "sha256_original" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "video_plate" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "video_plate_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "video_plate_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_point_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "evidence_chain" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"file_sha256" text NOT NULL,
	"file_sha256_original" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"captured_at" timestamp with time zone,
	"uploaded_by" uuid,
	"prev_hash" text NOT NULL,
	"entry_hash" text NOT NULL,
	CONSTRAINT "evidence_chain_kind_check" CHECK ("evidence_chain"."kind" in ('video-inicial', 'video-final', 'foto', 'foto-servico', 'video-servico', 'laudo', 'recibo'))
);
--> statement-breakpoint
CREATE TABLE "evidence_seals" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"entry_count" integer NOT NULL,
	"head_hash" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_chain" ADD CONSTRAINT "evidence_chain_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_chain" ADD CONSTRAINT "evidence_chain_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_seals" ADD CONSTRAINT "evidence_seals_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_chain_seq_idx" ON "evidence_chain" USING btree ("appointment_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_chain_file_idx" ON "evidence_chain" USING btree ("appointment_id","stored_file_id","kind");
