CREATE TABLE "document_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"studio_job_id" integer,
	"task_id" integer,
	"items" text NOT NULL,
	"message" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "portal_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_passwords" (
	"person_id" integer NOT NULL,
	"studio_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "portal_passwords_person_id_studio_id_pk" PRIMARY KEY("person_id","studio_id")
);

--> statement-breakpoint
CREATE TABLE "portal_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"name" varchar(120),
	"invited_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"invited_by" integer,
	"invited_by_name" text,
	"last_login_at" timestamp(3),
	"revoked_at" timestamp(3),
	"revoked_by_name" text
);

--> statement-breakpoint
CREATE TABLE "portal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"studio_id" integer NOT NULL,
	"access_id" integer,
	"purpose" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp(3) NOT NULL,
	"used_at" timestamp(3),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"access_id" integer,
	"sid_hash" varchar(64) NOT NULL,
	"studios" integer[] NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"last_seen_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"expires_at" timestamp(3) NOT NULL,
	"ended_at" timestamp(3),
	"ip" varchar(64),
	"user_agent" varchar(300)
);

--> statement-breakpoint
CREATE TABLE "portal_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"title" varchar(160) NOT NULL,
	"due_date" date NOT NULL,
	"message" text,
	"checklist_id" integer,
	"studio_job_id" integer,
	"task_id" integer,
	"year" integer,
	"status" varchar(10) DEFAULT 'aperta' NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"closed_at" timestamp(3),
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_on" date
);

--> statement-breakpoint
CREATE TABLE "portal_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'richiesto' NOT NULL,
	"customer_note" text,
	"review_reason" text,
	"reviewed_by_name" text,
	"reviewed_at" timestamp(3),
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"item_id" integer,
	"origin" varchar(8) NOT NULL,
	"filename" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_path" text NOT NULL,
	"scan" varchar(14) NOT NULL,
	"scan_result" text,
	"uploaded_by_person" integer,
	"uploaded_by_name" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"first_opened_at" timestamp(3),
	"rejected" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_uploads" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"filename" varchar(200) NOT NULL,
	"size" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_upload_chunks" (
	"upload_id" varchar(36) NOT NULL,
	"offset" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "portal_upload_chunks_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);

--> statement-breakpoint
ALTER TABLE "document_checklists" ADD CONSTRAINT "document_checklists_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_checklists" ADD CONSTRAINT "document_checklists_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_checklists" ADD CONSTRAINT "document_checklists_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_passwords" ADD CONSTRAINT "portal_passwords_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_passwords" ADD CONSTRAINT "portal_passwords_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_access_id_portal_access_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."portal_access"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_access_id_portal_access_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."portal_access"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_checklist_id_document_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."document_checklists"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_studio_job_id_studio_jobs_id_fk" FOREIGN KEY ("studio_job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_request_items" ADD CONSTRAINT "portal_request_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_request_items" ADD CONSTRAINT "portal_request_items_request_id_portal_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."portal_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_item_id_portal_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portal_request_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_uploaded_by_person_portal_people_id_fk" FOREIGN KEY ("uploaded_by_person") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_item_id_portal_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portal_request_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_upload_chunks" ADD CONSTRAINT "portal_upload_chunks_upload_id_portal_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."portal_uploads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "document_checklists_name_uq" ON "document_checklists" USING btree ("studio_id","name");
--> statement-breakpoint
CREATE INDEX "document_checklists_studio_idx" ON "document_checklists" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "document_checklists_studio_job_id_idx" ON "document_checklists" USING btree ("studio_job_id") WHERE "document_checklists"."studio_job_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "document_checklists_task_id_idx" ON "document_checklists" USING btree ("task_id") WHERE "document_checklists"."task_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_people_email_uq" ON "portal_people" USING btree ("email");
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_access_person_uq" ON "portal_access" USING btree ("customer_id","person_id");
--> statement-breakpoint
CREATE INDEX "portal_access_customer_idx" ON "portal_access" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE INDEX "portal_access_person_idx" ON "portal_access" USING btree ("person_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_token_uq" ON "portal_links" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "portal_links_person_idx" ON "portal_links" USING btree ("person_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_sid_uq" ON "portal_sessions" USING btree ("sid_hash");
--> statement-breakpoint
CREATE INDEX "portal_sessions_person_idx" ON "portal_sessions" USING btree ("person_id");
--> statement-breakpoint
CREATE INDEX "portal_sessions_access_idx" ON "portal_sessions" USING btree ("access_id") WHERE "portal_sessions"."access_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "portal_requests_customer_idx" ON "portal_requests" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE INDEX "portal_requests_open_idx" ON "portal_requests" USING btree ("studio_id","due_date") WHERE "portal_requests"."status" = 'aperta';
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_request_items_pos_uq" ON "portal_request_items" USING btree ("request_id","position");
--> statement-breakpoint
CREATE INDEX "portal_files_customer_idx" ON "portal_files" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE INDEX "portal_files_item_idx" ON "portal_files" USING btree ("item_id") WHERE "portal_files"."item_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "portal_uploads_person_idx" ON "portal_uploads" USING btree ("person_id");
