CREATE TABLE "entita_esempios" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"descrizione" varchar(255) NOT NULL,
	"numero_int" integer,
	"numero_float" numeric(12, 4),
	"data_dal" date,
	"select" varchar(64),
	"valuta" numeric(12, 2),
	"data_ora" timestamp(0),
	"ora" time(0),
	"percentuale" numeric(5, 2),
	"text" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3),
	CONSTRAINT "entita_esempios_numero_int_min" CHECK ("entita_esempios"."numero_int" >= -1000),
	CONSTRAINT "entita_esempios_numero_int_max" CHECK ("entita_esempios"."numero_int" <= 1000000),
	CONSTRAINT "entita_esempios_percentuale_min" CHECK ("entita_esempios"."percentuale" >= 0),
	CONSTRAINT "entita_esempios_percentuale_max" CHECK ("entita_esempios"."percentuale" <= 100)
);

--> statement-breakpoint
ALTER TABLE "entita_esempios" ADD CONSTRAINT "entita_esempios_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "entita_esempios_studio_idx" ON "entita_esempios" USING btree ("studio_id");
