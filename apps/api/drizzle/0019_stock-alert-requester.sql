ALTER TABLE "stock_alerts" ADD COLUMN "foreign_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "requested_by" text;