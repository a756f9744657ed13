CREATE TABLE "revoked_tokens" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp(3) NOT NULL
);

--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer,
	"model" varchar(64) NOT NULL,
	"record_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"user_name" varchar(255),
	"at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"changes" jsonb
);

--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);

--> statement-breakpoint
CREATE TABLE "studios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"subtitle" varchar(255),
	"email" varchar(255),
	"address" varchar(255),
	"tel_number" varchar(255),
	"fax_number" varchar(255),
	"mobile_number" varchar(255),
	"vat_number" varchar(255),
	"website" varchar(255),
	"iban" varchar(255),
	"footer_line1" varchar(255),
	"note" text,
	"logo" text,
	"status" smallint,
	"subscription_expire_date" date,
	"cc_contract" varchar(255),
	"cc_account_balance" varchar(255),
	"cc_bollettino" varchar(255),
	"manager_title" varchar(20),
	"manager_name" varchar(100),
	"manager_surname" varchar(100),
	"manager_cf" varchar(16),
	"manager_birth_date" date,
	"manager_birth_city" varchar(22),
	"manager_ordine_commercialisti_number" varchar(45),
	"manager_ordine_commercialisti_city" varchar(45),
	"manager_ordine_commercialisti_name" varchar(255),
	"sign_city" varchar(45),
	"inps_city" varchar(45),
	"direzione_provinciale_city" varchar(45),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL
);

--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"cognome" varchar(255),
	"email" varchar(255),
	"password" varchar(255),
	"active" boolean,
	"role_id" integer,
	"studio_id" integer,
	"cellulare" varchar(255),
	"avatar" text,
	"credit" numeric(15, 5),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "legal_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(16),
	"description" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(6),
	"description" varchar(255),
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "legal_representatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(16),
	"name" varchar(255),
	"surname" varchar(255),
	"fiscal_code" varchar(16),
	"address" varchar(255),
	"postal_code" integer,
	"city" varchar(255),
	"pec" varchar(255),
	"mobile_number" varchar(255),
	"email" varchar(255),
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"cod" varchar(16),
	"business_name" varchar(255),
	"vat_id" varchar(11),
	"fiscal_code" varchar(16),
	"address" varchar(255),
	"postal_code" varchar(5),
	"city" varchar(255),
	"pec" varchar(255),
	"telephone" varchar(255),
	"fax" varchar(255),
	"mobile_number" varchar(255),
	"email" varchar(255),
	"yearly_number_of_installments" integer,
	"yearly_accounting_amount" numeric(12, 2),
	"cedolino_rate" numeric(12, 2),
	"acquisition_date" date,
	"money_laundering_module_av1_enable_default_values" smallint,
	"sdi_code" varchar(7),
	"ceased" smallint,
	"legal_representative_id" integer,
	"legal_status_id" integer,
	"collaborator_accounting_id" integer,
	"collaborator_studio_jobs_id" integer,
	"note" text,
	"created_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"updated_at" timestamp(3) DEFAULT LOCALTIMESTAMP NOT NULL,
	"deleted_at" timestamp(3)
);

--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);

--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legal_statuses" ADD CONSTRAINT "legal_statuses_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD CONSTRAINT "legal_representatives_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_legal_representative_id_legal_representatives_id_fk" FOREIGN KEY ("legal_representative_id") REFERENCES "public"."legal_representatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_legal_status_id_legal_statuses_id_fk" FOREIGN KEY ("legal_status_id") REFERENCES "public"."legal_statuses"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_collaborator_accounting_id_users_id_fk" FOREIGN KEY ("collaborator_accounting_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_collaborator_studio_jobs_id_users_id_fk" FOREIGN KEY ("collaborator_studio_jobs_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("model","record_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_name_uq" ON "permissions" USING btree ("name");
--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "users_studio_idx" ON "users" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");
--> statement-breakpoint
CREATE INDEX "users_studio_id_idx" ON "users" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "legal_statuses_cod_uq" ON "legal_statuses" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "legal_statuses_studio_idx" ON "legal_statuses" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_cod_uq" ON "payment_methods" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "payment_methods_studio_idx" ON "payment_methods" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "legal_representatives_cod_uq" ON "legal_representatives" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "legal_representatives_studio_idx" ON "legal_representatives" USING btree ("studio_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_cod_uq" ON "customers" USING btree ("studio_id","cod");
--> statement-breakpoint
CREATE INDEX "customers_studio_idx" ON "customers" USING btree ("studio_id");
--> statement-breakpoint
CREATE INDEX "customers_legal_representative_id_idx" ON "customers" USING btree ("legal_representative_id");
--> statement-breakpoint
CREATE INDEX "customers_legal_status_id_idx" ON "customers" USING btree ("legal_status_id");
--> statement-breakpoint
CREATE INDEX "customers_collaborator_accounting_id_idx" ON "customers" USING btree ("collaborator_accounting_id");
--> statement-breakpoint
CREATE INDEX "customers_collaborator_studio_jobs_id_idx" ON "customers" USING btree ("collaborator_studio_jobs_id");
--> statement-breakpoint
CREATE INDEX "role_permissions_permission_id_idx" ON "role_permissions" USING btree ("permission_id");
