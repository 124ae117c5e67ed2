ALTER TABLE "orders" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "awaiting_details_since" timestamp with time zone;--> statement-breakpoint
-- Orders already paid through the built-in test processor moved no money: mark them so.
UPDATE "orders" SET "is_test" = true
WHERE "transaction_id" IN (SELECT "provider_payment_id" FROM "payments" WHERE "provider" = 'test');
