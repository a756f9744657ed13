CREATE TABLE "customer_import_rows" (
	"import_id" integer NOT NULL,
	"part" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "customer_import_rows_import_id_part_pk" PRIMARY KEY("import_id","part")
);

--> statement-breakpoint
ALTER TABLE "customer_imports" DROP CONSTRAINT "customer_imports_status";
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "heartbeat_at" timestamp(3);
--> statement-breakpoint
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_status" CHECK ("customer_imports"."status" IN ('staged', 'importing', 'imported', 'undone'));
--> statement-breakpoint
-- the rows of the imports already there move to their parts (one part each); `source` keeps the headers and the count
INSERT INTO "customer_import_rows" ("import_id", "part", "rows")
  SELECT "id", 0, "source"->'rows' FROM "customer_imports" WHERE jsonb_typeof("source"->'rows') = 'array';
--> statement-breakpoint
UPDATE "customer_imports" SET "source" = ("source" - 'rows') || jsonb_build_object('row_count', jsonb_array_length("source"->'rows'))
  WHERE jsonb_typeof("source"->'rows') = 'array';
