ALTER TABLE "permissions" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "roles" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "legal_statuses" ALTER COLUMN "cod" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "cod" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "legal_representatives" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "business_name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "email" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "yearly_accounting_amount" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "cedolino_rate" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "acquisition_date" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "legal_representative_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio_services" ALTER COLUMN "description" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio_services" ALTER COLUMN "cost" SET NOT NULL;
