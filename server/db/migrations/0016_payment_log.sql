CREATE TABLE "payment_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp(0) NOT NULL,
	"studio_id" integer NOT NULL,
	"months" integer NOT NULL,
	"amount" numeric(12, 2),
	"provider" varchar(64),
	"status" varchar(64),
	"provider_token" varchar(255),
	"previous_expiry" date,
	"new_expiry" date,
	"user_id" integer,
	"completed_at" timestamp(0),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	CONSTRAINT "payment_logs_months_min" CHECK ("payment_logs"."months" >= 1),
	CONSTRAINT "payment_logs_months_max" CHECK ("payment_logs"."months" <= 36)
);

--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_provider_token_uq" ON "payment_logs" USING btree ("provider_token");
--> statement-breakpoint
CREATE INDEX "payment_logs_studio_idx" ON "payment_logs" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "payment_logs_studio_id_idx" ON "payment_logs" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "payment_logs_user_id_idx" ON "payment_logs" USING btree ("user_id") WHERE "payment_logs"."user_id" IS NOT NULL;
