CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_model" varchar(64) NOT NULL,
	"owner_id" integer NOT NULL,
	"studio_id" integer,
	"original_filename" varchar(255) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"storage_path" varchar(255) NOT NULL,
	"descrizione" varchar(255),
	"nota" varchar(255),
	"marked_for_deletion" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer,
	"kind" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"from_address" varchar(255) NOT NULL,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" varchar(255),
	"created_by" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"sent_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL
);

--> statement-breakpoint
CREATE TABLE "word_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"user_id" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "word_templates" ADD CONSTRAINT "word_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("owner_model","owner_id");
--> statement-breakpoint
CREATE INDEX "mail_outbox_studio_idx" ON "mail_outbox" USING btree ("studio_id","id");
--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status");
--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");
--> statement-breakpoint
CREATE INDEX "word_templates_user_id_idx" ON "word_templates" USING btree ("user_id") WHERE "word_templates"."user_id" IS NOT NULL;
