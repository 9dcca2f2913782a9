-- Issue 53 (vehicle inspections, hand-written): the program's checklists per vehicle kind (the central's to edit), an order's
-- check-in and check-out inspection (one of each per order), their items, damage marks and photos, and the member's
-- acknowledgement; the check-in finding a linked service answers; three more kinds of evidence entry (an inspection's
-- photo, a concluded inspection's content, the member's acknowledgement of it).
CREATE TABLE "inspection_checklist_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checklist" text NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "inspection_checklist_items_checklist_item_key_pk" PRIMARY KEY("checklist","item_key"),
	CONSTRAINT "inspection_checklist_items_id_unique" UNIQUE("id"),
	CONSTRAINT "inspection_checklist_items_checklist_check" CHECK ("inspection_checklist_items"."checklist" in ('carro', 'suv', 'moto'))
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"checklist" text NOT NULL,
	"km" integer,
	"km_read" integer,
	"fuel" text,
	"dashboard_photo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	"content_file_id" uuid,
	"member_ack_name" text,
	"member_ack_at" timestamp with time zone,
	CONSTRAINT "inspections_kind_check" CHECK ("inspections"."kind" in ('entrada', 'saida')),
	CONSTRAINT "inspections_checklist_check" CHECK ("inspections"."checklist" in ('carro', 'suv', 'moto')),
	CONSTRAINT "inspections_fuel_check" CHECK ("inspections"."fuel" is null or "inspections"."fuel" in ('E', '1/4', '1/2', '3/4', 'F')),
	CONSTRAINT "inspections_km_check" CHECK ("inspections"."km" is null or "inspections"."km" between 0 and 999999),
	CONSTRAINT "inspections_ack_check" CHECK (("inspections"."member_ack_at" is null) = ("inspections"."member_ack_name" is null))
);
--> statement-breakpoint
CREATE TABLE "inspection_items" (
	"inspection_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"status" text,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_items_inspection_id_item_key_pk" PRIMARY KEY("inspection_id","item_key"),
	CONSTRAINT "inspection_items_status_check" CHECK ("inspection_items"."status" is null or "inspection_items"."status" in ('ok', 'atencao', 'critico'))
);
--> statement-breakpoint
CREATE TABLE "inspection_marks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inspection_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"view" text NOT NULL,
	"x" numeric(5, 4) NOT NULL,
	"y" numeric(5, 4) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_marks_view_check" CHECK ("inspection_marks"."view" in ('topo', 'esquerda', 'direita', 'frente', 'traseira')),
	CONSTRAINT "inspection_marks_xy_check" CHECK ("inspection_marks"."x" between 0 and 1 and "inspection_marks"."y" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"inspection_id" uuid NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"item_key" text,
	"mark_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_photos_inspection_id_stored_file_id_pk" PRIMARY KEY("inspection_id","stored_file_id"),
	CONSTRAINT "inspection_photos_target_check" CHECK (("inspection_photos"."item_key" is null) <> ("inspection_photos"."mark_id" is null))
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_point_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_completed_by_point_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."point_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_content_file_id_stored_files_id_fk" FOREIGN KEY ("content_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD CONSTRAINT "inspection_marks_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_mark_id_inspection_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."inspection_marks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_order_kind_idx" ON "inspections" USING btree ("appointment_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_marks_number_idx" ON "inspection_marks" USING btree ("inspection_id","number");--> statement-breakpoint
ALTER TABLE "execution_services" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "execution_services" ADD COLUMN "inspection_item_key" text;--> statement-breakpoint
ALTER TABLE "execution_services" ADD CONSTRAINT "execution_services_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_chain" DROP CONSTRAINT "evidence_chain_kind_check";--> statement-breakpoint
ALTER TABLE "evidence_chain" ADD CONSTRAINT "evidence_chain_kind_check" CHECK ("evidence_chain"."kind" in ('video-inicial', 'video-final', 'foto', 'foto-servico', 'video-servico', 'laudo', 'recibo', 'foto-vistoria', 'vistoria', 'confirmacao-vistoria'));--> statement-breakpoint
INSERT INTO "inspection_checklist_items" ("checklist", "item_key", "label", "position") VALUES
  ('carro', 'pneus', 'Pneus', 1),
  ('carro', 'luzes', 'Luzes', 2),
  ('carro', 'vidros', 'Para-brisa e vidros', 3),
  ('carro', 'lataria', 'Lataria e pintura', 4),
  ('carro', 'interior', 'Interior', 5),
  ('carro', 'fluidos', 'Fluidos', 6),
  ('carro', 'bateria', 'Bateria', 7),
  ('carro', 'freios', 'Freios (visual)', 8),
  ('suv', 'pneus', 'Pneus', 1),
  ('suv', 'luzes', 'Luzes', 2),
  ('suv', 'vidros', 'Para-brisa e vidros', 3),
  ('suv', 'lataria', 'Lataria e pintura', 4),
  ('suv', 'interior', 'Interior', 5),
  ('suv', 'fluidos', 'Fluidos', 6),
  ('suv', 'bateria', 'Bateria', 7),
  ('suv', 'freios', 'Freios (visual)', 8),
  ('suv', 'estepe', 'Estepe', 9),
  ('suv', 'rack', 'Rack e bagageiro', 10),
  ('moto', 'pneus', 'Pneus', 1),
  ('moto', 'luzes', 'Luzes e setas', 2),
  ('moto', 'carenagem', 'Carenagem e pintura', 3),
  ('moto', 'retrovisores', 'Retrovisores', 4),
  ('moto', 'banco', 'Banco', 5),
  ('moto', 'fluidos', 'Fluidos', 6),
  ('moto', 'bateria', 'Bateria', 7),
  ('moto', 'freios', 'Freios (visual)', 8),
  ('moto', 'corrente', 'Corrente e transmissão', 9);
