CREATE TABLE "riba_presentations" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"support_name" varchar(20) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"status" varchar(12) DEFAULT 'presented' NOT NULL,
	"due_from" date NOT NULL,
	"due_to" date NOT NULL,
	"bank_account_id" integer,
	"receipts" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"cancelled_at" timestamp(3),
	"cancelled_by_name" text,
	CONSTRAINT "riba_presentations_status" CHECK ("riba_presentations"."status" IN ('presented', 'closed', 'cancelled')),
	CONSTRAINT "riba_presentations_kind" CHECK ("riba_presentations"."kind" IN ('sbf', 'dopo_incasso'))
);

--> statement-breakpoint
CREATE TABLE "riba_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"presentation_id" integer NOT NULL,
	"receipt_no" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"due" date NOT NULL,
	"status" varchar(12) DEFAULT 'presented' NOT NULL,
	"payment_id" integer,
	"paid_on" date,
	"unpaid_on" date,
	"unpaid_reason" text,
	"fee_id" integer,
	CONSTRAINT "riba_items_status" CHECK ("riba_items"."status" IN ('presented', 'paid', 'unpaid', 'cancelled'))
);

--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "province" varchar(2);
--> statement-breakpoint
ALTER TABLE "riba_presentations" ADD CONSTRAINT "riba_presentations_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_presentations" ADD CONSTRAINT "riba_presentations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_presentation_id_riba_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."riba_presentations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_payment_id_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "riba_items" ADD CONSTRAINT "riba_items_fee_id_transactions_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "riba_presentations_support" ON "riba_presentations" USING btree ("studio_id","support_name");
--> statement-breakpoint
CREATE INDEX "riba_presentations_studio_idx" ON "riba_presentations" USING btree ("studio_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "riba_items_receipt_charge" ON "riba_items" USING btree ("studio_id","receipt_no","charge_id");
--> statement-breakpoint
CREATE INDEX "riba_items_presentation_idx" ON "riba_items" USING btree ("presentation_id");
--> statement-breakpoint
CREATE INDEX "riba_items_charge_idx" ON "riba_items" USING btree ("charge_id");
