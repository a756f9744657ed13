CREATE TABLE "aml_renewal_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"mail_id" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "aml_identifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"identified_on" date NOT NULL,
	"documents_expire_on" date,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "aml_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"description" text,
	"original_filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_path" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "aml_files_kind" CHECK ("aml_files"."kind" IN ('documento', 'dichiarazione', 'visura', 'altro'))
);

--> statement-breakpoint
CREATE TABLE "aml_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"outcome" varchar(30),
	"body" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "aml_notes_kind" CHECK ("aml_notes"."kind" IN ('astensione', 'segnalazione', 'nota'))
);

--> statement-breakpoint
CREATE TABLE "aml_self_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"inherent_scores" jsonb NOT NULL,
	"vulnerability_scores" jsonb NOT NULL,
	"inherent" numeric(4, 2) NOT NULL,
	"vulnerability" numeric(4, 2) NOT NULL,
	"residual" numeric(4, 2) NOT NULL,
	"band" varchar(30) NOT NULL,
	"mitigation" text,
	"assessed_on" date NOT NULL,
	"next_due" date NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "aml_trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"user_id" integer,
	"person_name" text NOT NULL,
	"held_on" date NOT NULL,
	"topic" text NOT NULL,
	"provider" text,
	"hours" numeric(5, 2) NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ceased_on" date;
--> statement-breakpoint
ALTER TABLE "studio_services" ADD COLUMN "aml_service" varchar(64);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "aml_renewal_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "aml_renewal_mails" ADD CONSTRAINT "aml_renewal_mails_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_renewal_mails" ADD CONSTRAINT "aml_renewal_mails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_identifications" ADD CONSTRAINT "aml_identifications_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_identifications" ADD CONSTRAINT "aml_identifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_files" ADD CONSTRAINT "aml_files_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_files" ADD CONSTRAINT "aml_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_notes" ADD CONSTRAINT "aml_notes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_notes" ADD CONSTRAINT "aml_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_self_assessments" ADD CONSTRAINT "aml_self_assessments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_trainings" ADD CONSTRAINT "aml_trainings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "aml_renewal_mails_once" ON "aml_renewal_mails" USING btree ("studio_id","customer_id","due_on");
--> statement-breakpoint
CREATE INDEX "aml_identifications_customer_idx" ON "aml_identifications" USING btree ("studio_id","customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "aml_files_customer_idx" ON "aml_files" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE INDEX "aml_notes_customer_idx" ON "aml_notes" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE INDEX "aml_self_assessments_studio_idx" ON "aml_self_assessments" USING btree ("studio_id","assessed_on");
--> statement-breakpoint
CREATE INDEX "aml_trainings_studio_idx" ON "aml_trainings" USING btree ("studio_id","held_on");
--> statement-breakpoint
-- Regola Tecnica 3 (issue 48): every piece of the AML file is append-only, as the assessments are
-- (migration 0031's function: a DELETE only by the cascade of the customer's or studio's removal).
CREATE TRIGGER "aml_identifications_append_only" BEFORE UPDATE OR DELETE ON "aml_identifications"
  FOR EACH ROW EXECUTE FUNCTION "aml_append_only"();
--> statement-breakpoint
CREATE TRIGGER "aml_files_append_only" BEFORE UPDATE OR DELETE ON "aml_files"
  FOR EACH ROW EXECUTE FUNCTION "aml_append_only"();
--> statement-breakpoint
CREATE TRIGGER "aml_notes_append_only" BEFORE UPDATE OR DELETE ON "aml_notes"
  FOR EACH ROW EXECUTE FUNCTION "aml_append_only"();
--> statement-breakpoint
-- the studio's own records (self-assessment, training log): a DELETE only by the studio's removal
CREATE OR REPLACE FUNCTION "aml_studio_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "studios" s WHERE s."id" = OLD."studio_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'aml_append_only: % of % refused (Regola Tecnica 3)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "aml_self_assessments_append_only" BEFORE UPDATE OR DELETE ON "aml_self_assessments"
  FOR EACH ROW EXECUTE FUNCTION "aml_studio_append_only"();
--> statement-breakpoint
CREATE TRIGGER "aml_trainings_append_only" BEFORE UPDATE OR DELETE ON "aml_trainings"
  FOR EACH ROW EXECUTE FUNCTION "aml_studio_append_only"();
