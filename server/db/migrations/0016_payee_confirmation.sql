-- Issue 49, item 4 (payee changes as a diff, hand-written): who changed the point's payment data, the payee the central last
-- confirmed (unmasked, the review's "before"), and the first of two confirmations a natural-person payee needs. The author
-- has no foreign key: point_users references service_points, and a cycle would leave no order to copy the tables in.
ALTER TABLE "service_points" ADD COLUMN "payment_data_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "payment_data_confirmed_payee" jsonb;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "payment_data_first_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "payment_data_first_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_payment_data_first_confirmed_by_central_users_id_fk" FOREIGN KEY ("payment_data_first_confirmed_by") REFERENCES "public"."central_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_first_confirmation_check" CHECK (("service_points"."payment_data_first_confirmed_by" is null) = ("service_points"."payment_data_first_confirmed_at" is null));--> statement-breakpoint
-- Hand-written: a point whose last change the central confirmed is paid to what it has now, so that is what it confirmed. A
-- point with a change still unconfirmed gets no snapshot (its data before that change are gone; the review then falls back
-- to what its payouts were last paid to).
UPDATE "service_points" p SET "payment_data_confirmed_payee" = jsonb_build_object(
	'RazaoSocial', p."corporate_name",
	'Cnpj', p."cnpj",
	'IdDadoBancario', b."id",
	'TipoChavePix', b."pix_key_type",
	'ChavePix', b."pix_key",
	'Banco', b."bank",
	'NumeroAgencia', b."agency",
	'NumeroConta', b."account",
	'TipoConta', b."account_type",
	'NomeTitular', b."holder_name",
	'DocumentoTitular', b."holder_document")
FROM "bank_accounts" b
WHERE b."service_point_id" = p."id" AND b."selected" = 'S' AND p."payment_data_confirmed_at" IS NOT NULL
	AND (p."payment_data_changed_at" IS NULL OR p."payment_data_confirmed_at" >= p."payment_data_changed_at");
