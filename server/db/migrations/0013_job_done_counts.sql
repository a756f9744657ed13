CREATE TABLE "job_done_counts" (
	"studio_id" integer NOT NULL,
	"studio_job_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"year" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_done_counts_studio_job_id_customer_id_year_pk" PRIMARY KEY("studio_job_id","customer_id","year")
);

--> statement-breakpoint
ALTER TABLE "job_done_counts" ADD CONSTRAINT "job_done_counts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_done_counts" ADD CONSTRAINT "job_done_counts_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_done_counts" ADD CONSTRAINT "job_done_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "job_done_counts_studio_year_idx" ON "job_done_counts" USING btree ("studio_id","year");
