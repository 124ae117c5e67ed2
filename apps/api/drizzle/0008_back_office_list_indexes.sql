DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "contact_queries_created_idx";--> statement-breakpoint
DROP INDEX "contact_queries_unhandled_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_payment_status_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "stock_movements_item_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "items_title_idx" ON "items" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "items_stock_idx" ON "items" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_trgm" ON "newsletter_subscriptions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_pence","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_queries_created_idx" ON "contact_queries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_queries_unhandled_idx" ON "contact_queries" USING btree ("created_at","id") WHERE "contact_queries"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- Written by hand: statistics on the low-stock shortfall, so the planner knows how few items are short and walks
-- items_low_stock_idx instead of reading every item (its default guess is a third of them).
CREATE STATISTICS IF NOT EXISTS "items_shortfall_stats" ON ("stock" - "low_stock_threshold") FROM "items";
