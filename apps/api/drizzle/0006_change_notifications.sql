-- Catalogue changes are announced to every server process (LISTEN catalogue_changed), so caches of catalogue
-- reads and rendered pages are dropped everywhere within a second of a write, whoever made it: the API, the
-- seed, a back-office screen or SQL typed by hand. Notifications with the same payload in one transaction are
-- delivered once, at commit; a rolled-back write announces nothing.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Stock moves with every order: only a change that a page shows without a number (in stock or not) counts,
-- with every other column of the item. The exact number of packs left is checked by the server at every
-- cart write and order, and caches keep it at most their time to live.
CREATE OR REPLACE FUNCTION notify_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
     OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0) THEN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER table_fields_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON table_fields FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER items_written AFTER INSERT OR DELETE OR TRUNCATE ON items FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER items_changed AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION notify_item_changed();
--> statement-breakpoint
CREATE TRIGGER item_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER item_data_entries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_data_entries FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_tiers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_tiers FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_data FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER shop_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
