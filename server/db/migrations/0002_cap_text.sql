-- CAP as five digits kept as typed: restore the leading zeros lost by the integer column
-- (184 → '00184'); a value that cannot be a CAP (negative or over five digits) is kept in the
-- note rather than lost.
UPDATE "legal_representatives" SET "note" = concat_ws(E'\n', "note", 'CAP precedente: ' || "postal_code"::text), "postal_code" = NULL
  WHERE "postal_code" < 0 OR "postal_code" > 99999;
--> statement-breakpoint
ALTER TABLE "legal_representatives" ALTER COLUMN "postal_code" SET DATA TYPE varchar(5) USING lpad("postal_code"::text, 5, '0');
