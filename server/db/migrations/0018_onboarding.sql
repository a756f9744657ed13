CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);

--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_format" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"source" jsonb,
	"mapping" jsonb,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"imported_at" timestamp(3),
	"undone_at" timestamp(3),
	"undone_by" text,
	CONSTRAINT "customer_imports_status" CHECK ("customer_imports"."status" IN ('staged', 'imported', 'undone'))
);

--> statement-breakpoint
CREATE TABLE "customer_import_items" (
	"import_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	CONSTRAINT "customer_import_items_import_id_customer_id_pk" PRIMARY KEY("import_id","customer_id"),
	CONSTRAINT "customer_import_items_action" CHECK ("customer_import_items"."action" IN ('created', 'updated'))
);

--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_import_items" ADD CONSTRAINT "customer_import_items_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_import_items" ADD CONSTRAINT "customer_import_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "customer_imports_studio_idx" ON "customer_imports" USING btree ("studio_id","created_at");
