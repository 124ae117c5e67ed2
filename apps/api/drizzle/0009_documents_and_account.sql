CREATE TYPE "public"."document_kind" AS ENUM('invoice', 'receipt', 'credit_note');--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"kind" "document_kind" PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_number" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_billing_address_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_shipping_address_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_billing_address_id_addresses_id_fk" FOREIGN KEY ("default_billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_shipping_address_id_addresses_id_fk" FOREIGN KEY ("default_shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_number_unique" UNIQUE("credit_note_number");--> statement-breakpoint
-- Orders paid before invoices existed get their numbers now, oldest first, and the seller as the settings
-- say today (the code's defaults where the back office never stored any).
UPDATE "orders" SET "invoice_number" = numbered.n, "receipt_number" = numbered.n,
  "seller" = coalesce((SELECT "value" FROM "shop_settings" WHERE "key" = 'invoice'),
    '{"legal_name":"PackRight Supplies Ltd","address":{"street":"Unit 4, Meridian Business Park","city":"Leicester","postal_code":"LE19 1WZ","country":"United Kingdom"},"vat_number":"GB123456782","company_number":"01234567"}'::jsonb)
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
UPDATE "refunds" SET "credit_note_number" = numbered.n, "issued_at" = "refunds"."created_at",
  "seller" = coalesce((SELECT "value" FROM "shop_settings" WHERE "key" = 'invoice'),
    '{"legal_name":"PackRight Supplies Ltd","address":{"street":"Unit 4, Meridian Business Park","city":"Leicester","postal_code":"LE19 1WZ","country":"United Kingdom"},"vat_number":"GB123456782","company_number":"01234567"}'::jsonb)
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "refunds" WHERE "status" = 'succeeded') AS numbered
WHERE "refunds"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "document_sequences" ("kind", "last_number") VALUES
  ('invoice', (SELECT count(*) FROM "orders")),
  ('receipt', (SELECT count(*) FROM "orders")),
  ('credit_note', (SELECT count(*) FROM "refunds" WHERE "status" = 'succeeded'));
