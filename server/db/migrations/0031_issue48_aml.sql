CREATE TABLE "aml_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"services" jsonb NOT NULL,
	"customer_scores" jsonb NOT NULL,
	"operation_scores" jsonb,
	"flags" jsonb NOT NULL,
	"inherent" integer NOT NULL,
	"specific" numeric(4, 2) NOT NULL,
	"effective" numeric(4, 2) NOT NULL,
	"computed_level" varchar(12) NOT NULL,
	"level" varchar(12) NOT NULL,
	"level_reason" text,
	"reasons" jsonb NOT NULL,
	"next_check" date NOT NULL,
	"purpose" text,
	"pep" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "aml_assessments_level" CHECK ("aml_assessments"."level" IN ('semplificata', 'ordinaria', 'rafforzata')),
	CONSTRAINT "aml_assessments_computed" CHECK ("aml_assessments"."computed_level" IN ('semplificata', 'ordinaria', 'rafforzata')),
	CONSTRAINT "aml_assessments_inherent" CHECK ("aml_assessments"."inherent" BETWEEN 1 AND 4)
);

--> statement-breakpoint
ALTER TABLE "aml_assessments" ADD CONSTRAINT "aml_assessments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_assessments" ADD CONSTRAINT "aml_assessments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "aml_assessments_customer_idx" ON "aml_assessments" USING btree ("studio_id","customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "aml_assessments_due_idx" ON "aml_assessments" USING btree ("studio_id","next_check");
--> statement-breakpoint
-- Regola Tecnica 3 (issue 48): the AML file is append-only. An UPDATE is refused; a DELETE too,
-- but the cascade of its customer's or studio's removal (the application allows that only past the
-- retention of ten years from the end of the relationship).
CREATE OR REPLACE FUNCTION "aml_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."id" = OLD."customer_id")
      OR NOT EXISTS (SELECT 1 FROM "studios" s WHERE s."id" = OLD."studio_id")) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'aml_append_only: % of % refused (Regola Tecnica 3)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "aml_assessments_append_only" BEFORE UPDATE OR DELETE ON "aml_assessments"
  FOR EACH ROW EXECUTE FUNCTION "aml_append_only"();
