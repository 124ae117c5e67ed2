CREATE TABLE "test_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"intent_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_payment_intents_refund_range" CHECK ("test_payment_intents"."amount_refunded" between 0 and "test_payment_intents"."amount")
);
--> statement-breakpoint
DROP INDEX "payments_cart_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_secret" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cart_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "test_payment_events_due_idx" ON "test_payment_events" USING btree ("next_attempt_at") WHERE "test_payment_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "payments_cart_idx" ON "payments" USING btree ("cart_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_range" CHECK ("orders"."total_pence" >= 0 and "orders"."total_pence" <= 99999999);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_range" CHECK ("payments"."amount_pence" > 0 and "payments"."amount_pence" <= 99999999);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_range" CHECK ("payments"."refunded_pence" >= 0 and "payments"."refunded_pence" <= "payments"."amount_pence");