-- NOT VALID: rows written before this rule are kept as they are (no data changed or lost); every new write is checked.
ALTER TABLE "customers" ADD CONSTRAINT "customers_yearly_accounting_amount_min" CHECK ("customers"."yearly_accounting_amount" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_cedolino_rate_min" CHECK ("customers"."cedolino_rate" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "studio_services" ADD CONSTRAINT "studio_services_cost_min" CHECK ("studio_services"."cost" >= 0) NOT VALID;
