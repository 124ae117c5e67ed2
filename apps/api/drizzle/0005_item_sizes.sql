-- The size search's narrow table (issue 10): one row per active item with dimensions, with its category and
-- its sizes in mm (sorted ascending, as items keeps them) as double precision, so a search reads one index in
-- category and size order instead of joining items, variants and products and computing numeric distances
-- over a whole category. Triggers on items, product_variants and products keep it in step with every writer
-- (seed, back office, manual SQL). Items have all three sizes or none (a flat bag's smallest is 0).
CREATE TABLE "item_sizes" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"dim_small_mm" double precision NOT NULL,
	"dim_mid_mm" double precision NOT NULL,
	"dim_large_mm" double precision NOT NULL,
	CONSTRAINT "item_sizes_sorted" CHECK ("item_sizes"."dim_small_mm" <= "item_sizes"."dim_mid_mm" and "item_sizes"."dim_mid_mm" <= "item_sizes"."dim_large_mm")
);
--> statement-breakpoint
ALTER TABLE "item_sizes" ADD CONSTRAINT "item_sizes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "item_sizes" ("item_id", "category_id", "dim_small_mm", "dim_mid_mm", "dim_large_mm")
SELECT i."id", p."category_id", i."dim_small_mm"::float8, i."dim_mid_mm"::float8, i."dim_large_mm"::float8
FROM "items" i
JOIN "product_variants" v ON v."id" = i."product_variant_id"
JOIN "products" p ON p."id" = v."product_id"
WHERE i."status" = 'active' AND i."dim_small_mm" IS NOT NULL AND i."dim_mid_mm" IS NOT NULL AND i."dim_large_mm" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "item_sizes_search_idx" ON "item_sizes" USING btree ("category_id","dim_large_mm","dim_mid_mm","dim_small_mm") INCLUDE ("item_id");
--> statement-breakpoint
ANALYZE "item_sizes";
--> statement-breakpoint
-- The size search no longer reads items' own size index.
DROP INDEX "items_dims_idx";
--> statement-breakpoint
-- New items, set-based (the seed inserts thousands per statement).
CREATE OR REPLACE FUNCTION item_sizes_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_sizes (item_id, category_id, dim_small_mm, dim_mid_mm, dim_large_mm)
  SELECT n.id, p.category_id, n.dim_small_mm::float8, n.dim_mid_mm::float8, n.dim_large_mm::float8
  FROM new_items n
  JOIN product_variants v ON v.id = n.product_variant_id
  JOIN products p ON p.id = v.product_id
  WHERE n.status = 'active' AND n.dim_small_mm IS NOT NULL AND n.dim_mid_mm IS NOT NULL AND n.dim_large_mm IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_sizes_items_inserted AFTER INSERT ON items REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION item_sizes_items_inserted();
--> statement-breakpoint
-- An item whose status, sizes or variant changed: its row is written again or removed. Stock updates do
-- not name these columns, so they never call the function.
CREATE OR REPLACE FUNCTION item_sizes_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' AND NEW.dim_small_mm IS NOT NULL AND NEW.dim_mid_mm IS NOT NULL AND NEW.dim_large_mm IS NOT NULL THEN
    INSERT INTO item_sizes AS s (item_id, category_id, dim_small_mm, dim_mid_mm, dim_large_mm)
    SELECT NEW.id, p.category_id, NEW.dim_small_mm::float8, NEW.dim_mid_mm::float8, NEW.dim_large_mm::float8
    FROM product_variants v
    JOIN products p ON p.id = v.product_id
    WHERE v.id = NEW.product_variant_id
    ON CONFLICT (item_id) DO UPDATE SET
      category_id = excluded.category_id,
      dim_small_mm = excluded.dim_small_mm,
      dim_mid_mm = excluded.dim_mid_mm,
      dim_large_mm = excluded.dim_large_mm;
  ELSE
    DELETE FROM item_sizes WHERE item_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_sizes_item_changed AFTER UPDATE OF status, product_variant_id, dim_small_mm, dim_mid_mm, dim_large_mm ON items FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.product_variant_id IS DISTINCT FROM NEW.product_variant_id OR OLD.dim_small_mm IS DISTINCT FROM NEW.dim_small_mm OR OLD.dim_mid_mm IS DISTINCT FROM NEW.dim_mid_mm OR OLD.dim_large_mm IS DISTINCT FROM NEW.dim_large_mm) EXECUTE FUNCTION item_sizes_item_changed();
--> statement-breakpoint
-- A variant moved to another product: its items take that product's category.
CREATE OR REPLACE FUNCTION item_sizes_variant_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_sizes s SET category_id = p.category_id
  FROM items i, products p
  WHERE i.product_variant_id = NEW.id AND s.item_id = i.id AND p.id = NEW.product_id
    AND s.category_id IS DISTINCT FROM p.category_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_sizes_variant_moved AFTER UPDATE OF product_id ON product_variants FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id) EXECUTE FUNCTION item_sizes_variant_moved();
--> statement-breakpoint
-- A product moved to another category: so do its items.
CREATE OR REPLACE FUNCTION item_sizes_product_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_sizes s SET category_id = NEW.category_id
  FROM items i
  JOIN product_variants v ON v.id = i.product_variant_id
  WHERE v.product_id = NEW.id AND s.item_id = i.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_sizes_product_moved AFTER UPDATE OF category_id ON products FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION item_sizes_product_moved();
