-- Issue 49 (payment runs, hand-written): the program's paying accounts with their NSA sequence, the runs (states, NSA unique
-- per account), their transfers ("seu número" unique), and each payout's run, transfer and last rejection.
CREATE TABLE "bank_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"layout" text DEFAULT 'febraban' NOT NULL,
	"agreement" text NOT NULL,
	"agency" text NOT NULL,
	"agency_digit" text DEFAULT '' NOT NULL,
	"account" text NOT NULL,
	"account_digit" text DEFAULT '' NOT NULL,
	"company_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"street" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"state" text NOT NULL,
	"last_nsa" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_profiles_label_unique" UNIQUE("label"),
	CONSTRAINT "bank_profiles_code_check" CHECK ("bank_profiles"."bank_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "bank_profiles_layout_check" CHECK ("bank_profiles"."layout" in ('febraban', '001', '341', '237', '033', '104')),
	CONSTRAINT "bank_profiles_nsa_check" CHECK ("bank_profiles"."last_nsa" between 0 and 999999)
);
--> statement-breakpoint
CREATE TABLE "payment_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"bank_profile_id" uuid NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"payment_date" date NOT NULL,
	"nsa" integer,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_by" uuid,
	"generated_at" timestamp with time zone,
	"sent_by" uuid,
	"sent_at" timestamp with time zone,
	"return_imported_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "payment_runs_number_unique" UNIQUE("number"),
	CONSTRAINT "payment_runs_status_check" CHECK ("payment_runs"."status" in ('rascunho', 'arquivo_gerado', 'enviado', 'retorno_importado', 'cancelada')),
	CONSTRAINT "payment_runs_generated_check" CHECK ("payment_runs"."status" in ('rascunho', 'cancelada') or ("payment_runs"."nsa" is not null and "payment_runs"."generated_at" is not null and "payment_runs"."generated_by" is not null)),
	CONSTRAINT "payment_runs_cancel_check" CHECK (("payment_runs"."status" = 'cancelada') = ("payment_runs"."cancelled_at" is not null and length(btrim(coalesce("payment_runs"."cancel_reason", ''))) > 0))
);
--> statement-breakpoint
CREATE TABLE "payment_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"your_number" text NOT NULL,
	"service_point_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payee" jsonb NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"bank_number" text,
	"occurrences" text,
	"reason" text,
	"effective_date" date,
	"decided_at" timestamp with time zone,
	"proof_file" text,
	"proof_original_name" text,
	"proof_mime_type" text,
	CONSTRAINT "payment_transfers_your_number_unique" UNIQUE("your_number"),
	CONSTRAINT "payment_transfers_status_check" CHECK ("payment_transfers"."status" in ('pendente', 'pago', 'rejeitado')),
	CONSTRAINT "payment_transfers_amount_check" CHECK ("payment_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_profiles" ADD CONSTRAINT "bank_profiles_created_by_central_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_bank_profile_id_bank_profiles_id_fk" FOREIGN KEY ("bank_profile_id") REFERENCES "public"."bank_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_created_by_central_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_generated_by_central_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_sent_by_central_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_cancelled_by_central_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_run_id_payment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_runs_nsa_idx" ON "payment_runs" USING btree ("bank_profile_id","nsa");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transfers_point_idx" ON "payment_transfers" USING btree ("run_id","service_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transfers_seq_idx" ON "payment_transfers" USING btree ("run_id","seq");--> statement-breakpoint
ALTER TABLE "payout_statements" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_run_id_payment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_transfer_id_payment_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."payment_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_statements_run_idx" ON "payout_statements" USING btree ("run_id");
