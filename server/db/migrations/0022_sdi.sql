CREATE TABLE "sdi_transmissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"e_document_id" integer NOT NULL,
	"file_name" varchar(60) NOT NULL,
	"progressive" integer NOT NULL,
	"xml" text NOT NULL,
	"number" varchar(20) NOT NULL,
	"document_date" date NOT NULL,
	"channel" varchar(20) NOT NULL,
	"channel_id" varchar(100),
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"outcome" varchar(4),
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"sent_at" timestamp(3),
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "sdi_transmissions_status" CHECK ("sdi_transmissions"."status" IN ('queued', 'sending', 'sent', 'failed'))
);

--> statement-breakpoint
CREATE TABLE "sdi_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"e_document_id" integer NOT NULL,
	"transmission_id" integer,
	"kind" varchar(8) NOT NULL,
	"notification_id" varchar(100),
	"at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"description" text,
	"errors" jsonb,
	"file_name" varchar(120),
	"xml" text
);

--> statement-breakpoint
CREATE TABLE "sdi_simulator_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" varchar(40) NOT NULL,
	"sdi_id" varchar(20) NOT NULL,
	"file_name" varchar(60) NOT NULL,
	"sender_vat" varchar(28) NOT NULL,
	"number" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"document_type" varchar(4) NOT NULL,
	"received_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"outcome" varchar(4) NOT NULL,
	"errors" jsonb,
	"ready_at" timestamp(3) NOT NULL,
	"xml" text NOT NULL
);

--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "sdi_courtesy_copy" varchar(64);
--> statement-breakpoint
ALTER TABLE "e_documents" ADD COLUMN "sdi_status" varchar(64);
--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_e_document_id_e_documents_id_fk" FOREIGN KEY ("e_document_id") REFERENCES "public"."e_documents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdi_events" ADD CONSTRAINT "sdi_events_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdi_events" ADD CONSTRAINT "sdi_events_e_document_id_e_documents_id_fk" FOREIGN KEY ("e_document_id") REFERENCES "public"."e_documents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdi_events" ADD CONSTRAINT "sdi_events_transmission_id_sdi_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."sdi_transmissions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_transmissions_studio_progressive" ON "sdi_transmissions" USING btree ("studio_id","progressive");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_transmissions_file_name" ON "sdi_transmissions" USING btree ("studio_id","file_name");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_transmissions_document_open" ON "sdi_transmissions" USING btree ("e_document_id") WHERE "sdi_transmissions"."status" IN ('queued', 'sending') OR ("sdi_transmissions"."status" = 'sent' AND "sdi_transmissions"."outcome" IS NULL);
--> statement-breakpoint
CREATE INDEX "sdi_transmissions_document_idx" ON "sdi_transmissions" USING btree ("e_document_id");
--> statement-breakpoint
CREATE INDEX "sdi_transmissions_pending_idx" ON "sdi_transmissions" USING btree ("status") WHERE "sdi_transmissions"."status" IN ('queued', 'sending') OR ("sdi_transmissions"."status" = 'sent' AND "sdi_transmissions"."outcome" IS NULL);
--> statement-breakpoint
CREATE INDEX "sdi_events_document_idx" ON "sdi_events" USING btree ("e_document_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_events_notification" ON "sdi_events" USING btree ("transmission_id","notification_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_simulator_files_channel" ON "sdi_simulator_files" USING btree ("channel_id");
--> statement-breakpoint
CREATE INDEX "sdi_simulator_files_name" ON "sdi_simulator_files" USING btree ("file_name");
--> statement-breakpoint
CREATE INDEX "sdi_simulator_files_invoice" ON "sdi_simulator_files" USING btree ("sender_vat","year","number");
--> statement-breakpoint
UPDATE "e_documents" SET "sdi_status" = 'bozza' WHERE "sdi_status" IS NULL;
--> statement-breakpoint
UPDATE "studios" SET "sdi_courtesy_copy" = 'consegna' WHERE "sdi_courtesy_copy" IS NULL;
