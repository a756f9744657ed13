CREATE TABLE "sdd_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"message_id" varchar(35) NOT NULL,
	"format" varchar(8) NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"fee" numeric(14, 2),
	"rejected" integer NOT NULL,
	"created_by_name" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"undone_at" timestamp(3),
	"undone_by_name" text
);

--> statement-breakpoint
CREATE TABLE "sdd_outcome_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"outcome_id" integer NOT NULL,
	"end_to_end_id" varchar(35) NOT NULL,
	"reason" varchar(8),
	"reason_text" text,
	"applied" boolean NOT NULL,
	"fee_id" integer,
	"mandate_id" integer,
	"mandate_attention_before" text,
	"mandate_flagged" boolean DEFAULT false NOT NULL
);

--> statement-breakpoint
ALTER TABLE "sdd_mandates" ADD COLUMN "attention" varchar(255);
--> statement-breakpoint
ALTER TABLE "sdd_outcomes" ADD CONSTRAINT "sdd_outcomes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_outcomes" ADD CONSTRAINT "sdd_outcomes_batch_id_sdd_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sdd_batches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_outcome_items" ADD CONSTRAINT "sdd_outcome_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_outcome_items" ADD CONSTRAINT "sdd_outcome_items_outcome_id_sdd_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."sdd_outcomes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_outcome_items" ADD CONSTRAINT "sdd_outcome_items_fee_id_transactions_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sdd_outcome_items" ADD CONSTRAINT "sdd_outcome_items_mandate_id_sdd_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sdd_mandates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sdd_outcomes_live" ON "sdd_outcomes" USING btree ("studio_id","message_id") WHERE "sdd_outcomes"."undone_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "sdd_outcomes_batch_idx" ON "sdd_outcomes" USING btree ("batch_id");
--> statement-breakpoint
CREATE INDEX "sdd_outcome_items_outcome_idx" ON "sdd_outcome_items" USING btree ("outcome_id");
