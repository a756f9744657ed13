ALTER TABLE "customer_imports" DROP CONSTRAINT "customer_imports_status";
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "heartbeat_at" timestamp(3);
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_status" CHECK ("customer_imports"."status" IN ('staged', 'importing', 'imported', 'undone'));
