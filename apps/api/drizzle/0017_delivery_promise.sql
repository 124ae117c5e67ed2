ALTER TABLE "carts" ADD COLUMN "delivery_postal_code" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_service" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "delivery_postal_code" text;--> statement-breakpoint
CREATE INDEX "orders_dispatch_by_idx" ON "orders" USING btree ("dispatch_by","id");