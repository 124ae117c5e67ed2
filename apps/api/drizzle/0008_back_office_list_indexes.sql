CREATE INDEX "items_title_idx" ON "items" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "items_stock_idx" ON "items" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_pence","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");