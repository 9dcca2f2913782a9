-- Issue 49, item 3 (hand-written): a run may need two files. Itaú SISPAG and Bradesco Multipag take PIX transfers in a file of
-- their own, so a run paying by PIX and by account writes one file per kind, each with its own NSA of the paying account
-- (unique per account, as the run's first one). Caixa (104): the agreement's commitment code and transmission parameter, and
-- its numeric "seu número" (at most 6 digits) drawn from one sequence, so a Caixa return file names one transfer.
CREATE TABLE "payment_run_files" (
	"run_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bank_profile_id" uuid NOT NULL,
	"nsa" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "payment_run_files_run_id_part_pk" PRIMARY KEY("run_id","part"),
	CONSTRAINT "payment_run_files_part_check" CHECK ("payment_run_files"."part" between 1 and 2),
	CONSTRAINT "payment_run_files_kind_check" CHECK ("payment_run_files"."kind" in ('todas', 'pix', 'conta'))
);
--> statement-breakpoint
ALTER TABLE "payment_run_files" ADD CONSTRAINT "payment_run_files_run_id_payment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_files" ADD CONSTRAINT "payment_run_files_bank_profile_id_bank_profiles_id_fk" FOREIGN KEY ("bank_profile_id") REFERENCES "public"."bank_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_run_files_nsa_idx" ON "payment_run_files" USING btree ("bank_profile_id","nsa");--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD COLUMN "file_part" integer;--> statement-breakpoint
ALTER TABLE "bank_profiles" ADD COLUMN "commitment_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_profiles" ADD COLUMN "transmission_parameter" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE SEQUENCE "payment_transfer_caixa_numbers" MINVALUE 1 MAXVALUE 999999 NO CYCLE;--> statement-breakpoint
-- Hand-written: the runs generated before this migration wrote one file (its NSA on the run), every transfer in it.
INSERT INTO "payment_run_files" ("run_id", "part", "bank_profile_id", "nsa", "kind")
	SELECT "id", 1, "bank_profile_id", "nsa", 'todas' FROM "payment_runs" WHERE "nsa" IS NOT NULL;--> statement-breakpoint
UPDATE "payment_transfers" t SET "file_part" = 1 FROM "payment_runs" r WHERE r."id" = t."run_id" AND r."nsa" IS NOT NULL;
