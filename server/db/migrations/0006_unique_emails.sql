-- One identity per e-mail across the product (issue 9 #1), compared trimmed and lowercased.
-- E-mails already shared by several users (any studio, trashed included) stay with one of them:
-- the not trashed, active one, else the oldest (lowest id: the original, a copy came later);
-- every other copy becomes 'duplicatoID.email' (still unique and recognisable, no longer the
-- login of anyone) and the change is written to the audit log of that user.
WITH "ranked" AS (
  SELECT "id", "studio_id", "email", row_number() OVER (PARTITION BY lower(trim("email"))
    ORDER BY ("deleted_at" IS NULL) DESC, coalesce("active", FALSE) DESC, "id") AS "n"
  FROM "users"
), "renamed" AS (
  UPDATE "users" u SET "email" = left('duplicato' || u."id" || '.' || lower(trim(u."email")), 255), "updated_at" = LOCALTIMESTAMP
  FROM "ranked" r WHERE r."id" = u."id" AND r."n" > 1
  RETURNING u."id", u."studio_id", r."email" AS "before", u."email" AS "after"
)
INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
  SELECT "studio_id", 'User', "id", 'update', NULL, 'Aggiornamento: e-mail già usata da un altro utente', jsonb_build_object('email', jsonb_build_array("before", "after"))
  FROM "renamed";
--> statement-breakpoint
UPDATE "users" SET "email" = lower(trim("email")) WHERE "email" <> lower(trim("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower(trim("email")));
