CREATE TABLE "portal_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_id" integer DEFAULT 0 NOT NULL,
	"first_person_id" integer,
	"first_opened_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"last_opened_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"times" integer DEFAULT 1 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "portal_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"title" varchar(200) NOT NULL,
	"filename" varchar(200) NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"sent_by" integer,
	"sent_by_name" text,
	"sent_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"withdrawn_at" timestamp(3),
	"accepted_at" timestamp(3),
	"accepted_person_id" integer,
	"accepted_name" text,
	"accepted_email" text,
	"accepted_ip" varchar(64),
	"accepted_user_agent" text
);

--> statement-breakpoint
CREATE TABLE "portal_mandate_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"mandate_id" integer NOT NULL,
	"person_id" integer,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"ip" varchar(64),
	"user_agent" text,
	"signed_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL
);

--> statement-breakpoint
ALTER TABLE "portal_openings" ADD CONSTRAINT "portal_openings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_openings" ADD CONSTRAINT "portal_openings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_openings" ADD CONSTRAINT "portal_openings_first_person_id_portal_people_id_fk" FOREIGN KEY ("first_person_id") REFERENCES "public"."portal_people"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_acceptances" ADD CONSTRAINT "portal_acceptances_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_acceptances" ADD CONSTRAINT "portal_acceptances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_acceptances" ADD CONSTRAINT "portal_acceptances_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_acceptances" ADD CONSTRAINT "portal_acceptances_accepted_person_id_portal_people_id_fk" FOREIGN KEY ("accepted_person_id") REFERENCES "public"."portal_people"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_mandate_signatures" ADD CONSTRAINT "portal_mandate_signatures_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_mandate_signatures" ADD CONSTRAINT "portal_mandate_signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_mandate_signatures" ADD CONSTRAINT "portal_mandate_signatures_mandate_id_sdd_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sdd_mandates"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_mandate_signatures" ADD CONSTRAINT "portal_mandate_signatures_person_id_portal_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."portal_people"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_openings_uq" ON "portal_openings" USING btree ("customer_id","kind","ref_id");
--> statement-breakpoint
CREATE INDEX "portal_acceptances_customer_idx" ON "portal_acceptances" USING btree ("studio_id","customer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_mandate_signatures_mandate_uq" ON "portal_mandate_signatures" USING btree ("mandate_id");
--> statement-breakpoint
CREATE INDEX "portal_mandate_signatures_customer_idx" ON "portal_mandate_signatures" USING btree ("studio_id","customer_id");
