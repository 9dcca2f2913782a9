-- Issue 38 (payments): a payment batch is the payouts paid together, with the bank's transfer id and an optional proof file.
CREATE TABLE "payment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"payment_date" date NOT NULL,
	"payout_count" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"proof_file" text,
	"proof_original_name" text,
	"proof_mime_type" text,
	"paid_by" uuid NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "payment_batches_reference_check" CHECK (length(btrim("payment_batches"."reference")) > 0),
	CONSTRAINT "payment_batches_undone_check" CHECK (("payment_batches"."undone_at" is null) = ("payment_batches"."undone_by" is null))
);
--> statement-breakpoint
ALTER TABLE "payout_statements" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_paid_by_central_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_undone_by_central_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batches_paid_at_idx" ON "payment_batches" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payout_statements_batch_idx" ON "payout_statements" USING btree ("batch_id");
