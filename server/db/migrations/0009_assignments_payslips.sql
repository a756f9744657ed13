CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"customers_id" integer NOT NULL,
	"year_amount" numeric(12, 2) NOT NULL,
	"year_duration" integer NOT NULL,
	"start_date" date NOT NULL,
	"description" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3),
	CONSTRAINT "assignments_year_amount_min" CHECK ("assignments"."year_amount" >= 0),
	CONSTRAINT "assignments_year_duration_min" CHECK ("assignments"."year_duration" >= 1),
	CONSTRAINT "assignments_year_duration_max" CHECK ("assignments"."year_duration" <= 50)
);

--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "payslips_year_min" CHECK ("payslips"."year" >= 1900),
	CONSTRAINT "payslips_year_max" CHECK ("payslips"."year" <= 2199),
	CONSTRAINT "payslips_month_min" CHECK ("payslips"."month" >= 1),
	CONSTRAINT "payslips_month_max" CHECK ("payslips"."month" <= 12),
	CONSTRAINT "payslips_quantity_min" CHECK ("payslips"."quantity" >= 0),
	CONSTRAINT "payslips_quantity_max" CHECK ("payslips"."quantity" <= 100000)
);

--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "assignment_id" integer;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payslip_id" integer;
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_customers_id_customers_id_fk" FOREIGN KEY ("customers_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "assignments_studio_idx" ON "assignments" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "assignments_customers_id_idx" ON "assignments" USING btree ("customers_id");
--> statement-breakpoint
CREATE INDEX "payslips_studio_idx" ON "payslips" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "payslips_customer_id_idx" ON "payslips" USING btree ("customer_id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "transactions_assignment_id_idx" ON "transactions" USING btree ("assignment_id");
--> statement-breakpoint
CREATE INDEX "transactions_payslip_id_idx" ON "transactions" USING btree ("payslip_id");
