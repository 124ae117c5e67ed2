-- pg_trgm costs its word-similarity operators like `=` (procost 1), though each call builds and compares
-- trigram sets. So costed, filtering every product looked cheaper than the trigram index and the
-- suggestions scanned `products`. Owning the functions is needed to change them; where the migrating role
-- does not (pg_trgm installed by another role), the search still answers the same, by other plans.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm''s word similarity operators keep their cost: %', SQLERRM;
END
$$;--> statement-breakpoint
-- The category listing walks (category_id, name, id) in its own order: no sort, and a first page reads
-- only its rows. It replaces the (category_id, name) index, which it covers.
DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","name","id");
