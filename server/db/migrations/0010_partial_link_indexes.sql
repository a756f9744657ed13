DROP INDEX "users_studio_id_idx";
--> statement-breakpoint
DROP INDEX "customers_legal_status_id_idx";
--> statement-breakpoint
DROP INDEX "customers_collaborator_accounting_id_idx";
--> statement-breakpoint
DROP INDEX "customers_collaborator_studio_jobs_id_idx";
--> statement-breakpoint
DROP INDEX "studio_services_bank_account_id_idx";
--> statement-breakpoint
DROP INDEX "transactions_studio_service_id_idx";
--> statement-breakpoint
DROP INDEX "transactions_payment_method_id_idx";
--> statement-breakpoint
DROP INDEX "transactions_assignment_id_idx";
--> statement-breakpoint
DROP INDEX "transactions_payslip_id_idx";
--> statement-breakpoint
CREATE INDEX "users_studio_id_idx" ON "users" USING btree ("studio_id") WHERE "users"."studio_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_legal_status_id_idx" ON "customers" USING btree ("legal_status_id") WHERE "customers"."legal_status_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_collaborator_accounting_id_idx" ON "customers" USING btree ("collaborator_accounting_id") WHERE "customers"."collaborator_accounting_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_collaborator_studio_jobs_id_idx" ON "customers" USING btree ("collaborator_studio_jobs_id") WHERE "customers"."collaborator_studio_jobs_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "studio_services_bank_account_id_idx" ON "studio_services" USING btree ("bank_account_id") WHERE "studio_services"."bank_account_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_studio_service_id_idx" ON "transactions" USING btree ("studio_service_id") WHERE "transactions"."studio_service_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_payment_method_id_idx" ON "transactions" USING btree ("payment_method_id") WHERE "transactions"."payment_method_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_assignment_id_idx" ON "transactions" USING btree ("assignment_id") WHERE "transactions"."assignment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_payslip_id_idx" ON "transactions" USING btree ("payslip_id") WHERE "transactions"."payslip_id" IS NOT NULL;
