DROP INDEX "users_email_uq";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_elsewhere" boolean;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower(trim("email"))) WHERE "users"."email_elsewhere" IS NOT TRUE;
