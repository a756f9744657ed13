CREATE TABLE "engagements" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"customer_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notice_days" integer NOT NULL,
	"billing_day" integer NOT NULL,
	"payment_days" integer NOT NULL,
	"update_kind" varchar(64) NOT NULL,
	"update_percent" numeric(5, 2),
	"istat_share" numeric(5, 2),
	"status" varchar(64),
	"sent_at" timestamp(0),
	"signed_at" timestamp(0),
	"signed_how" varchar(255),
	"ended_at" date,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3),
	CONSTRAINT "engagements_notice_days_min" CHECK ("engagements"."notice_days" >= 0),
	CONSTRAINT "engagements_notice_days_max" CHECK ("engagements"."notice_days" <= 365),
	CONSTRAINT "engagements_billing_day_min" CHECK ("engagements"."billing_day" >= 1),
	CONSTRAINT "engagements_billing_day_max" CHECK ("engagements"."billing_day" <= 31),
	CONSTRAINT "engagements_payment_days_min" CHECK ("engagements"."payment_days" >= 0),
	CONSTRAINT "engagements_payment_days_max" CHECK ("engagements"."payment_days" <= 365),
	CONSTRAINT "engagements_update_percent_min" CHECK ("engagements"."update_percent" >= 0),
	CONSTRAINT "engagements_update_percent_max" CHECK ("engagements"."update_percent" <= 20),
	CONSTRAINT "engagements_istat_share_min" CHECK ("engagements"."istat_share" >= 1),
	CONSTRAINT "engagements_istat_share_max" CHECK ("engagements"."istat_share" <= 100)
);

--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"user_id" integer,
	"customer_id" integer NOT NULL,
	"studio_service_id" integer NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" varchar(500),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3),
	CONSTRAINT "time_entries_minutes_min" CHECK ("time_entries"."minutes" >= 1),
	CONSTRAINT "time_entries_minutes_max" CHECK ("time_entries"."minutes" <= 1440)
);

--> statement-breakpoint
CREATE TABLE "istat_indices" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"value" numeric(12, 4) NOT NULL,
	"note" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "istat_indices_year_min" CHECK ("istat_indices"."year" >= 1990),
	CONSTRAINT "istat_indices_year_max" CHECK ("istat_indices"."year" <= 2199),
	CONSTRAINT "istat_indices_month_min" CHECK ("istat_indices"."month" >= 1),
	CONSTRAINT "istat_indices_month_max" CHECK ("istat_indices"."month" <= 12),
	CONSTRAINT "istat_indices_value_min" CHECK ("istat_indices"."value" >= 1),
	CONSTRAINT "istat_indices_value_max" CHECK ("istat_indices"."value" <= 1000)
);

--> statement-breakpoint
CREATE TABLE "hourly_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"note" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "hourly_costs_cost_min" CHECK ("hourly_costs"."cost" >= 0),
	CONSTRAINT "hourly_costs_cost_max" CHECK ("hourly_costs"."cost" <= 1000)
);

--> statement-breakpoint
CREATE TABLE "service_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"studio_service_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"note" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "service_rates_rate_min" CHECK ("service_rates"."rate" >= 0),
	CONSTRAINT "service_rates_rate_max" CHECK ("service_rates"."rate" <= 1000)
);

--> statement-breakpoint
CREATE TABLE "engagement_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"engagement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"studio_service_id" integer,
	"description" text NOT NULL,
	"rule" varchar(12) NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"unit_source" varchar(10),
	CONSTRAINT "engagement_services_rule" CHECK ("engagement_services"."rule" IN ('yearly', 'half_yearly', 'quarterly', 'monthly', 'one_off', 'per_unit', 'by_time')),
	CONSTRAINT "engagement_services_fee" CHECK ("engagement_services"."fee" > 0)
);

--> statement-breakpoint
CREATE TABLE "engagement_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(12) NOT NULL,
	"user_id" integer,
	"started_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"finished_at" timestamp(3),
	"charges" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updates" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL
);

--> statement-breakpoint
CREATE TABLE "engagement_fee_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"engagement_service_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"percent" numeric(7, 3) NOT NULL,
	"old_fee" numeric(14, 2) NOT NULL,
	"new_fee" numeric(14, 2) NOT NULL,
	"index_month" varchar(7),
	"index_base" numeric(8, 2),
	"index_current" numeric(8, 2),
	"run_id" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "engagement_fee_changes_kind" CHECK ("engagement_fee_changes"."kind" IN ('istat', 'fixed'))
);

--> statement-breakpoint
CREATE TABLE "engagement_units" (
	"engagement_service_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"studio_id" integer NOT NULL,
	"units" numeric(10, 2) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "engagement_units_engagement_service_id_period_start_pk" PRIMARY KEY("engagement_service_id","period_start"),
	CONSTRAINT "engagement_units_units" CHECK ("engagement_units"."units" >= 0 AND "engagement_units"."units" <= 100000)
);

--> statement-breakpoint
CREATE TABLE "engagement_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"engagement_id" integer NOT NULL,
	"engagement_service_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"billing_date" date NOT NULL,
	"charge_id" integer,
	"fee" numeric(14, 2) NOT NULL,
	"quantity" numeric(10, 2),
	"amount" numeric(14, 2) NOT NULL,
	"run_id" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "engagement_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"engagement_id" integer NOT NULL,
	"kind" varchar(6) NOT NULL,
	"storage_path" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"mail_id" integer,
	"recipient" text,
	"nonce" varchar(32),
	"link_expires" date,
	"opened_at" timestamp(3),
	"accepted_at" timestamp(3),
	"accepted_name" text,
	"accepted_ip" text,
	"accepted_agent" text,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "engagement_letters_kind" CHECK ("engagement_letters"."kind" IN ('mail', 'scan'))
);

--> statement-breakpoint
CREATE TABLE "engagement_letter_templates" (
	"studio_id" integer PRIMARY KEY NOT NULL,
	"storage_path" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "time_timers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"studio_service_id" integer NOT NULL,
	"note" text,
	"started_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "istat_indices" ADD CONSTRAINT "istat_indices_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hourly_costs" ADD CONSTRAINT "hourly_costs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hourly_costs" ADD CONSTRAINT "hourly_costs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_services" ADD CONSTRAINT "engagement_services_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_services" ADD CONSTRAINT "engagement_services_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_services" ADD CONSTRAINT "engagement_services_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_runs" ADD CONSTRAINT "engagement_runs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_fee_changes" ADD CONSTRAINT "engagement_fee_changes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_fee_changes" ADD CONSTRAINT "engagement_fee_changes_engagement_service_id_engagement_services_id_fk" FOREIGN KEY ("engagement_service_id") REFERENCES "public"."engagement_services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_fee_changes" ADD CONSTRAINT "engagement_fee_changes_run_id_engagement_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."engagement_runs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_units" ADD CONSTRAINT "engagement_units_engagement_service_id_engagement_services_id_fk" FOREIGN KEY ("engagement_service_id") REFERENCES "public"."engagement_services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_units" ADD CONSTRAINT "engagement_units_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_charges" ADD CONSTRAINT "engagement_charges_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_charges" ADD CONSTRAINT "engagement_charges_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_charges" ADD CONSTRAINT "engagement_charges_engagement_service_id_engagement_services_id_fk" FOREIGN KEY ("engagement_service_id") REFERENCES "public"."engagement_services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_charges" ADD CONSTRAINT "engagement_charges_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_charges" ADD CONSTRAINT "engagement_charges_run_id_engagement_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."engagement_runs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engagement_letter_templates" ADD CONSTRAINT "engagement_letter_templates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_studio_service_id_studio_services_id_fk" FOREIGN KEY ("studio_service_id") REFERENCES "public"."studio_services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "engagements_studio_idx" ON "engagements" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "engagements_customer_id_idx" ON "engagements" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "time_entries_studio_idx" ON "time_entries" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "time_entries_user_id_idx" ON "time_entries" USING btree ("user_id") WHERE "time_entries"."user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "time_entries_customer_id_idx" ON "time_entries" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "time_entries_studio_service_id_idx" ON "time_entries" USING btree ("studio_service_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "istat_indices_year_uq" ON "istat_indices" USING btree ("studio_id","month","year");
--> statement-breakpoint
CREATE INDEX "istat_indices_studio_idx" ON "istat_indices" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "hourly_costs_user_id_uq" ON "hourly_costs" USING btree ("studio_id","valid_from","user_id");
--> statement-breakpoint
CREATE INDEX "hourly_costs_studio_idx" ON "hourly_costs" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "hourly_costs_user_id_idx" ON "hourly_costs" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "service_rates_studio_service_id_uq" ON "service_rates" USING btree ("studio_id","valid_from","studio_service_id");
--> statement-breakpoint
CREATE INDEX "service_rates_studio_idx" ON "service_rates" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "service_rates_studio_service_id_idx" ON "service_rates" USING btree ("studio_service_id");
--> statement-breakpoint
CREATE INDEX "engagement_services_engagement_idx" ON "engagement_services" USING btree ("engagement_id","position");
--> statement-breakpoint
CREATE INDEX "engagement_services_studio_idx" ON "engagement_services" USING btree ("studio_id","studio_service_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_runs_daily" ON "engagement_runs" USING btree ("studio_id","day") WHERE "engagement_runs"."kind" = 'scheduled';
--> statement-breakpoint
CREATE INDEX "engagement_runs_studio_idx" ON "engagement_runs" USING btree ("studio_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_fee_changes_once" ON "engagement_fee_changes" USING btree ("engagement_service_id","effective_date");
--> statement-breakpoint
CREATE INDEX "engagement_fee_changes_studio_idx" ON "engagement_fee_changes" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "engagement_units_studio_idx" ON "engagement_units" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_charges_once" ON "engagement_charges" USING btree ("engagement_service_id","period_start");
--> statement-breakpoint
CREATE INDEX "engagement_charges_engagement_idx" ON "engagement_charges" USING btree ("engagement_id","billing_date");
--> statement-breakpoint
CREATE INDEX "engagement_charges_studio_idx" ON "engagement_charges" USING btree ("studio_id","billing_date");
--> statement-breakpoint
CREATE INDEX "engagement_charges_charge_idx" ON "engagement_charges" USING btree ("charge_id");
--> statement-breakpoint
CREATE INDEX "engagement_letters_engagement_idx" ON "engagement_letters" USING btree ("engagement_id","id");
--> statement-breakpoint
CREATE INDEX "engagement_letters_studio_idx" ON "engagement_letters" USING btree ("studio_id");
