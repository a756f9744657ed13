CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(16),
	"name" varchar(255),
	"iban" varchar(255),
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "studio_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(16),
	"description" varchar(255),
	"cost" numeric(12, 2),
	"bank_account_id" integer,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(255),
	"name" varchar(255),
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_services" ADD CONSTRAINT "studio_services_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_services" ADD CONSTRAINT "studio_services_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_cod_uq" ON "bank_accounts" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "bank_accounts_studio_idx" ON "bank_accounts" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "studio_services_cod_uq" ON "studio_services" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "studio_services_studio_idx" ON "studio_services" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "studio_services_bank_account_id_idx" ON "studio_services" USING btree ("bank_account_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_cod_uq" ON "tasks" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "tasks_studio_idx" ON "tasks" USING btree ("studio_id");
