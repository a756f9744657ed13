ALTER TABLE "sdd_batches" ALTER COLUMN "format" SET DATA TYPE varchar(16);
--> statement-breakpoint
ALTER TABLE "sdd_batches" ALTER COLUMN "format" SET DEFAULT 'sepa';
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bic" varchar(11);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "abi" varchar(5);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "cab" varchar(5);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "cuc" varchar(8);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "sia" varchar(5);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "sdd_format" varchar(64);
--> statement-breakpoint
ALTER TABLE "sdd_batches" ADD COLUMN "bank_account_id" integer;
--> statement-breakpoint
ALTER TABLE "sdd_batches" ADD COLUMN "xml_b2b" text;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD COLUMN "mandate_reference" varchar(35);
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD COLUMN "debtor_iban" varchar(34);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "cbi_code" varchar(4);
--> statement-breakpoint
ALTER TABLE "sdd_batches" ADD CONSTRAINT "sdd_batches_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
UPDATE "bank_accounts" SET "abi" = substr(upper(replace("iban", ' ', '')), 6, 5), "cab" = substr(upper(replace("iban", ' ', '')), 11, 5), "sdd_format" = 'cbi_00_01_01' WHERE upper(replace("iban", ' ', '')) ~ '^IT[0-9]{2}[A-Z][0-9]{10}[0-9A-Z]{12}$';
--> statement-breakpoint
UPDATE "bank_accounts" SET "sdd_format" = 'sepa' WHERE "sdd_format" IS NULL AND coalesce("iban", '') <> '';
