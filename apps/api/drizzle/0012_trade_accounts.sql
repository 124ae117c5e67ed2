CREATE TYPE "public"."company_role" AS ENUM('administrator', 'buyer', 'approver');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'ON_ACCOUNT';--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "company_status" DEFAULT 'pending' NOT NULL,
	"legal_name" text NOT NULL,
	"trading_name" text NOT NULL,
	"company_number" text NOT NULL,
	"vat_number" text NOT NULL,
	"registered_address" jsonb NOT NULL,
	"invoice_address" jsonb NOT NULL,
	"accounts_email" text NOT NULL,
	"requested_credit_limit_pence" integer DEFAULT 0 NOT NULL,
	"trade_references" jsonb NOT NULL,
	"credit_limit_pence" integer DEFAULT 0 NOT NULL,
	"payment_terms" jsonb,
	"po_required" boolean DEFAULT false NOT NULL,
	"on_hold" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"hold_set_by" text,
	"decline_reason" text,
	"applicant_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_credit_range" CHECK ("companies"."credit_limit_pence" >= 0 and "companies"."credit_limit_pence" <= 99999999),
	CONSTRAINT "companies_requested_range" CHECK ("companies"."requested_credit_limit_pence" >= 0 and "companies"."requested_credit_limit_pence" <= 99999999),
	CONSTRAINT "companies_hold_set_by" CHECK ("companies"."hold_set_by" is null or "companies"."hold_set_by" in ('staff', 'automatic'))
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" "company_role" NOT NULL,
	"order_limit_pence" integer,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_company_email_unique" UNIQUE("company_id","email"),
	CONSTRAINT "company_invitations_email_lower_case" CHECK ("company_invitations"."email" = lower("company_invitations"."email")),
	CONSTRAINT "company_invitations_limit_range" CHECK ("company_invitations"."order_limit_pence" is null or ("company_invitations"."order_limit_pence" > 0 and "company_invitations"."order_limit_pence" <= 99999999))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "company_role" NOT NULL,
	"order_limit_pence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_user_unique" UNIQUE("user_id"),
	CONSTRAINT "company_members_limit_range" CHECK ("company_members"."order_limit_pence" is null or ("company_members"."order_limit_pence" > 0 and "company_members"."order_limit_pence" <= 99999999))
);
--> statement-breakpoint
CREATE TABLE "company_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"discount_percentage" numeric(5, 2) NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_prices_company_item_unique" UNIQUE("company_id","item_id"),
	CONSTRAINT "company_prices_dates_ordered" CHECK ("company_prices"."starts_on" is null or "company_prices"."ends_on" is null or "company_prices"."starts_on" <= "company_prices"."ends_on"),
	CONSTRAINT "company_prices_discount_range" CHECK ("company_prices"."discount_percentage" >= 0 and "company_prices"."discount_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"discount_pence" integer NOT NULL,
	"shipping_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"total_weight_kg" numeric(12, 4) NOT NULL,
	"shipping_details" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"purchase_order_number" text,
	"order_id" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_approvals_status" CHECK ("order_approvals"."status" in ('awaiting_approval', 'approved', 'declined', 'refused')),
	CONSTRAINT "order_approvals_total_range" CHECK ("order_approvals"."total_pence" > 0 and "order_approvals"."total_pence" <= 99999999)
);
--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_due_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_search_trgm" ON "companies" USING gin (("legal_name" || ' ' || "trading_name" || ' ' || "company_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "company_prices_item_idx" ON "company_prices" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_approvals_company_idx" ON "order_approvals" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_approvals_user_idx" ON "order_approvals" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_owed_idx" ON "orders" USING btree ("company_id","payment_status");--> statement-breakpoint
CREATE INDEX "orders_purchase_order_idx" ON "orders" USING btree (upper("purchase_order_number"));--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_one_owner" CHECK (("addresses"."user_id" is null) <> ("addresses"."company_id" is null));