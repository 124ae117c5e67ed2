DROP INDEX "orders_purchase_order_idx";--> statement-breakpoint
CREATE INDEX "orders_purchase_order_prefix_idx" ON "orders" USING btree (upper("purchase_order_number") text_pattern_ops);