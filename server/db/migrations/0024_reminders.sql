CREATE TABLE "reminder_settings" (
	"studio_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"run_time" varchar(5) DEFAULT '08:00' NOT NULL,
	"link_days" integer DEFAULT 60 NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_by" integer
);

--> statement-breakpoint
CREATE TABLE "reminder_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(12) NOT NULL,
	"user_id" integer,
	"started_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"proposed" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer,
	"level" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"queued_at" timestamp(3),
	"sent_at" timestamp(3),
	"mail_id" integer,
	"nonce" varchar(32) NOT NULL,
	"link_expires" date,
	"opened_at" timestamp(3),
	"last_opened_at" timestamp(3),
	"opened_count" integer DEFAULT 0 NOT NULL,
	"withdrawn_at" timestamp(3),
	"reason" text,
	"created_by" integer,
	CONSTRAINT "reminders_level" CHECK ("reminders"."level" BETWEEN 1 AND 3),
	CONSTRAINT "reminders_status" CHECK ("reminders"."status" IN ('proposed', 'queued', 'sent', 'withdrawn', 'discarded'))
);

--> statement-breakpoint
CREATE TABLE "reminder_items" (
	"reminder_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"studio_id" integer NOT NULL,
	"level" integer NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	CONSTRAINT "reminder_items_reminder_id_charge_id_pk" PRIMARY KEY("reminder_id","charge_id")
);

--> statement-breakpoint
CREATE TABLE "customer_disputes" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"created_by" integer
);

--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminder_runs" ADD CONSTRAINT "reminder_runs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_run_id_reminder_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reminder_runs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminder_items" ADD CONSTRAINT "reminder_items_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminder_items" ADD CONSTRAINT "reminder_items_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminder_items" ADD CONSTRAINT "reminder_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_disputes" ADD CONSTRAINT "customer_disputes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_disputes" ADD CONSTRAINT "customer_disputes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_runs_daily" ON "reminder_runs" USING btree ("studio_id","day") WHERE "reminder_runs"."kind" = 'scheduled';
--> statement-breakpoint
CREATE INDEX "reminder_runs_studio_idx" ON "reminder_runs" USING btree ("studio_id","id");
--> statement-breakpoint
CREATE INDEX "reminders_studio_status_idx" ON "reminders" USING btree ("studio_id","status");
--> statement-breakpoint
CREATE INDEX "reminders_customer_idx" ON "reminders" USING btree ("customer_id","id");
--> statement-breakpoint
CREATE INDEX "reminder_items_charge_idx" ON "reminder_items" USING btree ("charge_id");
--> statement-breakpoint
CREATE INDEX "reminder_items_studio_idx" ON "reminder_items" USING btree ("studio_id");
