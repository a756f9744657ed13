ALTER TABLE "studios" ADD COLUMN "stamp_duty_charged" smallint;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "withholding_agent" varchar(64);
--> statement-breakpoint
ALTER TABLE "e_documents" ADD COLUMN "payable" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "e_document_services" ADD COLUMN "payable" numeric(12, 2);
--> statement-breakpoint
-- issue 45: the stamp duty is charged to the customer unless the studio says otherwise
UPDATE "studios" SET "stamp_duty_charged" = 1 WHERE "stamp_duty_charged" IS NULL;
--> statement-breakpoint
UPDATE "customers" SET "withholding_agent" = 'auto' WHERE "withholding_agent" IS NULL;
--> statement-breakpoint
-- the payable of the invoices written before: the ImportoPagamento of the file sent to SdI, else
-- the total less the withholding the studio applied then (on the fee: the rows but art. 15's)
UPDATE "e_documents" d SET "payable" = coalesce(
    (SELECT substring(t."xml" from '<ImportoPagamento>([0-9]+\.[0-9]{2})</ImportoPagamento>')::numeric
      FROM "sdi_transmissions" t WHERE t."e_document_id" = d."id" ORDER BY t."id" DESC LIMIT 1),
    d."total" - (SELECT CASE WHEN s."withholding_tax" = 1 AND coalesce(s."fiscal_regime", 'RF01') <> 'RF19'
        THEN round(coalesce((SELECT sum(l."price" * l."quantity") FROM "e_document_services" l
          WHERE l."e_document_id" = d."id" AND coalesce(l."nature", '') <> 'N1'), 0) * 20 / 100, 2) ELSE 0 END
      FROM "studios" s WHERE s."id" = d."studio_id"))
  WHERE d."payable" IS NULL AND d."total" IS NOT NULL;
--> statement-breakpoint
-- each row's share of it, in proportion to the rows' totals; the odd cents on the last row
UPDATE "e_document_services" u SET "payable" = x."share" FROM (
    SELECT l."id", CASE WHEN row_number() OVER w = count(*) OVER (PARTITION BY l."e_document_id")
        THEN d."payable" - coalesce(sum(round(d."payable" * l."price" * l."quantity" / NULLIF(t."base", 0), 2)) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
        ELSE round(d."payable" * l."price" * l."quantity" / NULLIF(t."base", 0), 2) END AS "share"
    FROM "e_document_services" l
    JOIN "e_documents" d ON d."id" = l."e_document_id"
    JOIN (SELECT "e_document_id", sum("price" * "quantity") AS "base" FROM "e_document_services" GROUP BY "e_document_id") t
      ON t."e_document_id" = l."e_document_id"
    WHERE d."payable" IS NOT NULL
    WINDOW w AS (PARTITION BY l."e_document_id" ORDER BY l."position", l."id")
  ) x WHERE x."id" = u."id" AND u."payable" IS NULL;
--> statement-breakpoint
-- issue 45 item 15: the studio card shows the value in force, not an empty field: the settings a
-- studio is created without (registration writes a few columns) take their default in the table too
ALTER TABLE "studios" ALTER COLUMN "sdi_courtesy_copy" SET DEFAULT 'consegna';
--> statement-breakpoint
ALTER TABLE "studios" ALTER COLUMN "stamp_duty_charged" SET DEFAULT 1;
--> statement-breakpoint
UPDATE "studios" SET "sdi_courtesy_copy" = 'consegna' WHERE "sdi_courtesy_copy" IS NULL;
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "withholding_agent" SET DEFAULT 'auto';
