CREATE TABLE "credit_transaction_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"date" timestamp(0) NOT NULL,
	"users_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"amount" numeric(15, 5) NOT NULL,
	"description" varchar(255),
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
ALTER TABLE "credit_transaction_logs" ADD CONSTRAINT "credit_transaction_logs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_transaction_logs" ADD CONSTRAINT "credit_transaction_logs_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "credit_transaction_logs_studio_idx" ON "credit_transaction_logs" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "credit_transaction_logs_users_id_idx" ON "credit_transaction_logs" USING btree ("users_id");
