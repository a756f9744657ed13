CREATE TABLE "sdd_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reference" varchar(35) NOT NULL,
	"iban" varchar(34) NOT NULL,
	"debtor_name" varchar(70),
	"signature_date" date NOT NULL,
	"scheme" varchar(64) NOT NULL,
	"sequence_type" varchar(64) NOT NULL,
	"status" varchar(64) NOT NULL,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "settlements_amount" CHECK ("settlements"."amount" > 0)
);

--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"reversal_id" integer NOT NULL,
	"reason" varchar(8),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "sdd_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"message_id" varchar(35) NOT NULL,
	"status" varchar(12) DEFAULT 'presented' NOT NULL,
	"collection_date" date NOT NULL,
	"due_from" date NOT NULL,
	"due_to" date NOT NULL,
	"creditor" jsonb NOT NULL,
	"format" varchar(8) DEFAULT 'sepa' NOT NULL,
	"debits" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"xml" text NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"cancelled_at" timestamp(3),
	"cancelled_by_name" text,
	CONSTRAINT "sdd_batches_status" CHECK ("sdd_batches"."status" IN ('presented', 'paid', 'cancelled'))
);

--> statement-breakpoint
CREATE TABLE "sdd_batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"mandate_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"end_to_end_id" varchar(35) NOT NULL,
	"sequence_type" varchar(4) NOT NULL,
	"status" varchar(12) DEFAULT 'presented' NOT NULL,
	"payment_id" integer,
	CONSTRAINT "sdd_batch_items_status" CHECK ("sdd_batch_items"."status" IN ('presented', 'paid', 'returned', 'cancelled'))
);

--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" varchar(8) NOT NULL,
	"file_hash" varchar(64) NOT NULL,
	"iban" varchar(34),
	"statement_ref" text,
	"from_date" date,
	"to_date" date,
	"opening_balance" numeric(14, 2),
	"closing_balance" numeric(14, 2),
	"lines" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"imported_by_name" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" numeric(14, 2) NOT NULL,
	"counterparty" text,
	"counterparty_iban" varchar(34),
	"remittance" text,
	"end_to_end_id" varchar(35),
	"bank_ref" text,
	"return_reason" varchar(8),
	"is_return" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'unmatched' NOT NULL,
	"customer_id" integer,
	"charges" jsonb,
	"reason" varchar(12),
	"reason_text" text,
	"transaction_id" integer,
	"confirmed_at" timestamp(3),
	"confirmed_by_name" text,
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" IN ('unmatched', 'proposed', 'matched', 'confirmed', 'ignored'))
);

--> statement-breakpoint
CREATE TABLE "bank_csv_mappings" (
	"studio_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "sdd_creditor_id" varchar(35);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "due_date" date;
--> statement-breakpoint
ALTER TABLE "sdd_mandates" ADD CONSTRAINT "sdd_mandates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_mandates" ADD CONSTRAINT "sdd_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_reversal_id_transactions_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batches" ADD CONSTRAINT "sdd_batches_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_batch_id_sdd_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sdd_batches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_mandate_id_sdd_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sdd_mandates"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_batch_items" ADD CONSTRAINT "sdd_batch_items_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sdd_mandates_reference_uq" ON "sdd_mandates" USING btree ("studio_id","reference");
--> statement-breakpoint
CREATE INDEX "sdd_mandates_studio_idx" ON "sdd_mandates" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "sdd_mandates_customer_id_idx" ON "sdd_mandates" USING btree ("customer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_pair" ON "settlements" USING btree ("payment_id","charge_id");
--> statement-breakpoint
CREATE INDEX "settlements_charge_idx" ON "settlements" USING btree ("charge_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_reversal" ON "payment_reversals" USING btree ("reversal_id");
--> statement-breakpoint
CREATE INDEX "payment_reversals_studio_idx" ON "payment_reversals" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdd_batches_message" ON "sdd_batches" USING btree ("studio_id","message_id");
--> statement-breakpoint
CREATE INDEX "sdd_batches_studio_idx" ON "sdd_batches" USING btree ("studio_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdd_batch_items_e2e" ON "sdd_batch_items" USING btree ("studio_id","end_to_end_id","charge_id");
--> statement-breakpoint
CREATE INDEX "sdd_batch_items_batch_idx" ON "sdd_batch_items" USING btree ("batch_id");
--> statement-breakpoint
CREATE INDEX "sdd_batch_items_charge_idx" ON "sdd_batch_items" USING btree ("charge_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_file" ON "bank_statements" USING btree ("studio_id","file_hash");
--> statement-breakpoint
CREATE INDEX "bank_statements_studio_idx" ON "bank_statements" USING btree ("studio_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint" ON "bank_statement_lines" USING btree ("studio_id","fingerprint");
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_no");
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("studio_id","status");
