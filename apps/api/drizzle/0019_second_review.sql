CREATE TYPE "public"."business_type" AS ENUM('limited_company', 'llp', 'sole_trader', 'partnership', 'charity', 'other');--> statement-breakpoint
CREATE TABLE "credit_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_allocations_amount_range" CHECK ("credit_allocations"."amount_pence" > 0 and "credit_allocations"."amount_pence" <= 99999999)
);
--> statement-breakpoint
DROP INDEX "orders_account_due_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "business_type" "business_type" DEFAULT 'limited_company' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_to" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "foreign_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_allocations_refund_idx" ON "credit_allocations" USING btree ("refund_id","id");--> statement-breakpoint
CREATE INDEX "credit_allocations_order_idx" ON "credit_allocations" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_sales_idx" ON "orders" USING btree ("created_at","total_pence","vat_pence") WHERE "orders"."payment_status" <> 'PENDING' and "orders"."status" <> 'cancelled' and not "orders"."is_test";--> statement-breakpoint
CREATE INDEX "orders_account_due_idx" ON "orders" USING btree ("invoice_due_date","id","company_id","total_pence","created_at","payment_status") WHERE "orders"."payment_method" = 'account' and "orders"."payment_status" not in ('COMPLETED', 'REFUND');--> statement-breakpoint
-- manual: begin quotes-held
-- A quote withdrawn before this column existed was last changed by its withdrawal.
UPDATE "quotes" SET "withdrawn_at" = "updated_at" WHERE "status" = 'withdrawn' AND "withdrawn_at" IS NULL;
-- manual: end
--> statement-breakpoint
-- manual: begin staff-membership
-- Staff and owner accounts hold no trade membership: a member of staff had applied for a trade account,
-- approved it with credit and ordered on account. The memberships staff and owners hold already are removed,
-- each removal written to the audit log as the back office writes it, with the invitations they sent; their
-- orders stay in the companies' histories. From now on applying and accepting refuse them (403), and a
-- promotion to staff or owner ends the membership in its transaction.
WITH "ended" AS (
  DELETE FROM "company_members"
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer')
  RETURNING "id", "company_id", "user_id", "role"
)
INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "entity_type", "entity_id", "before", "after")
SELECT NULL, 'migration (staff have no trade membership)', 'company_member.remove', 'company_member',
  "id"::text,
  jsonb_build_object('company_id', "company_id", 'user_id', "user_id", 'role', "role"),
  NULL
FROM "ended" ORDER BY "id";
--> statement-breakpoint
DELETE FROM "company_invitations"
WHERE "invited_by" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer');
-- manual: end
