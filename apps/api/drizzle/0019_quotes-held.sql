ALTER TABLE "order_approvals" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- manual: begin quotes-held
-- A quote withdrawn before this column existed was last changed by its withdrawal.
UPDATE "quotes" SET "withdrawn_at" = "updated_at" WHERE "status" = 'withdrawn' AND "withdrawn_at" IS NULL;
-- manual: end
