ALTER TABLE "customers" ADD COLUMN "collection_method" varchar(64);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_iban" varchar(34);
