CREATE TABLE "e_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"number" varchar(20) NOT NULL,
	"date" date NOT NULL,
	"year" integer,
	"customer_id" integer NOT NULL,
	"corrects_id" integer,
	"taxable" numeric(12, 2),
	"tax" numeric(12, 2),
	"total" numeric(12, 2),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "e_document_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"e_document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"studio_service_id" integer,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"vat" numeric(5, 2) NOT NULL,
	"nature" varchar(8),
	CONSTRAINT "e_document_services_quantity" CHECK ("e_document_services"."quantity" > 0),
	CONSTRAINT "e_document_services_price" CHECK ("e_document_services"."price" > 0),
	CONSTRAINT "e_document_services_vat" CHECK ("e_document_services"."vat" >= 0 AND "e_document_services"."vat" <= 100)
);

--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "fiscal_code" varchar(16);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "postal_code" varchar(5);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "city" varchar(60);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "province" varchar(2);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "fiscal_regime" varchar(64);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "withholding_tax" smallint;
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "cassa_previdenza" smallint;
--> statement-breakpoint
ALTER TABLE "e_documents" ADD CONSTRAINT "e_documents_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "e_documents" ADD CONSTRAINT "e_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "e_documents" ADD CONSTRAINT "e_documents_corrects_id_e_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."e_documents"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "e_document_services" ADD CONSTRAINT "e_document_services_e_document_id_e_documents_id_fk" FOREIGN KEY ("e_document_id") REFERENCES "public"."e_documents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "e_document_services" ADD CONSTRAINT "e_document_services_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "e_documents_number_uq" ON "e_documents" USING btree ("studio_id","year","number");
--> statement-breakpoint
CREATE INDEX "e_documents_studio_idx" ON "e_documents" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "e_documents_customer_id_idx" ON "e_documents" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "e_documents_corrects_id_idx" ON "e_documents" USING btree ("corrects_id") WHERE "e_documents"."corrects_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "e_document_services_document_idx" ON "e_document_services" USING btree ("e_document_id","position");
