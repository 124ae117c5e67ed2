ALTER TABLE "email_verification_codes" ADD COLUMN "requested_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD COLUMN "foreign_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_pack_quantity_cap" CHECK ("cart_items"."pack_quantity" <= 100000);