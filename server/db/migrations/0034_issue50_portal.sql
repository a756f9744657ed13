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
