CREATE TABLE "portal_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"side" varchar(8) NOT NULL,
	"person_id" integer,
	"user_id" integer,
	"author_name" varchar(254) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_threads" (
	"studio_id" integer NOT NULL,
	"customer_id" integer PRIMARY KEY NOT NULL,
	"last_message_id" integer,
	"last_at" timestamp(3),
	"last_side" varchar(8),
	"studio_read_id" integer DEFAULT 0 NOT NULL,
	"customer_read_id" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
ALTER TABLE "portal_files" ADD COLUMN "message_id" integer;
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_threads" ADD CONSTRAINT "portal_threads_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_threads" ADD CONSTRAINT "portal_threads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "portal_messages_thread_idx" ON "portal_messages" USING btree ("studio_id","customer_id","id");
--> statement-breakpoint
CREATE INDEX "portal_threads_studio_idx" ON "portal_threads" USING btree ("studio_id","last_at");
--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_message_id_portal_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."portal_messages"("id") ON DELETE cascade ON UPDATE no action;
