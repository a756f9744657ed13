CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"date" timestamp(0) NOT NULL,
	"is_yearly_installment" boolean,
	"studio_service_id" integer,
	"payment_method_id" integer,
	"transaction_note" varchar(255),
	"internal_note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "transactions_studio_idx" ON "transactions" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "transactions_customer_id_idx" ON "transactions" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "transactions_studio_service_id_idx" ON "transactions" USING btree ("studio_service_id");
--> statement-breakpoint
CREATE INDEX "transactions_payment_method_id_idx" ON "transactions" USING btree ("payment_method_id");
