ALTER TABLE "e_document_services" ADD COLUMN "transaction_id" integer;
--> statement-breakpoint
ALTER TABLE "e_document_services" ADD CONSTRAINT "e_document_services_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "e_document_services_transaction_idx" ON "e_document_services" USING btree ("transaction_id") WHERE "e_document_services"."transaction_id" IS NOT NULL;
