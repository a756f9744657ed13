CREATE TABLE "task_job_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"studio_job_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"year" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"note" text,
	"updated_by" integer,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "task_job_statuses_status" CHECK ("task_job_statuses"."status" IN (0, 1))
);

--> statement-breakpoint
CREATE TABLE "studio_job_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod" varchar(20) NOT NULL,
	"description" varchar(255) NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "studio_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(255),
	"name" varchar(255) NOT NULL,
	"studio_job_type_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "studio_job_legal_statuses" (
	"studio_job_id" integer NOT NULL,
	"legal_status_id" integer NOT NULL,
	CONSTRAINT "studio_job_legal_statuses_studio_job_id_legal_status_id_pk" PRIMARY KEY("studio_job_id","legal_status_id")
);

--> statement-breakpoint
CREATE TABLE "studio_job_tasks" (
	"studio_job_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	CONSTRAINT "studio_job_tasks_studio_job_id_task_id_pk" PRIMARY KEY("studio_job_id","task_id")
);

--> statement-breakpoint
ALTER TABLE "task_job_statuses" ADD CONSTRAINT "task_job_statuses_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_job_statuses" ADD CONSTRAINT "task_job_statuses_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_job_statuses" ADD CONSTRAINT "task_job_statuses_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_job_statuses" ADD CONSTRAINT "task_job_statuses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_jobs" ADD CONSTRAINT "studio_jobs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_jobs" ADD CONSTRAINT "studio_jobs_studio_job_type_id_studio_job_types_id_fk" FOREIGN KEY ("studio_job_type_id") REFERENCES "public"."studio_job_types"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_job_legal_statuses" ADD CONSTRAINT "studio_job_legal_statuses_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_job_legal_statuses" ADD CONSTRAINT "studio_job_legal_statuses_legal_status_id_legal_statuses_id_fk" FOREIGN KEY ("legal_status_id") REFERENCES "public"."legal_statuses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_job_tasks" ADD CONSTRAINT "studio_job_tasks_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "studio_job_tasks" ADD CONSTRAINT "studio_job_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "task_job_statuses_uq" ON "task_job_statuses" USING btree ("studio_job_id","task_id","customer_id","year");
--> statement-breakpoint
CREATE INDEX "task_job_statuses_studio_year_idx" ON "task_job_statuses" USING btree ("studio_id","year","customer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "studio_job_types_cod_uq" ON "studio_job_types" USING btree ("cod");
--> statement-breakpoint
CREATE UNIQUE INDEX "studio_jobs_cod_uq" ON "studio_jobs" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "studio_jobs_studio_idx" ON "studio_jobs" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "studio_jobs_studio_job_type_id_idx" ON "studio_jobs" USING btree ("studio_job_type_id");
--> statement-breakpoint
CREATE INDEX "studio_job_legal_statuses_legal_status_id_idx" ON "studio_job_legal_statuses" USING btree ("legal_status_id");
--> statement-breakpoint
CREATE INDEX "studio_job_tasks_task_id_idx" ON "studio_job_tasks" USING btree ("task_id");
