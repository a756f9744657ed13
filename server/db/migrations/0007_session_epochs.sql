-- Session epochs (issue 9 #3): a password change or reset ends the tokens issued before it.
CREATE TABLE "session_epochs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL,
	"kept_jti" varchar(64)
);

--> statement-breakpoint
ALTER TABLE "session_epochs" ADD CONSTRAINT "session_epochs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
