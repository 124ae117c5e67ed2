-- Exclusive prices are for customer accounts only (issue 19): a staff member could give themselves, or a
-- colleague, 100 % off and order at shipping cost. Prices that staff and owners hold already are deleted, each
-- deletion written to the audit log as the back office writes it; from now on the back office refuses them
-- and a promotion to staff or owner deletes them in its transaction. Data only: the schema is unchanged.
WITH "ended" AS (
  DELETE FROM "exclusive_prices"
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer')
  RETURNING "id", "user_id", "item_id", "discount_percentage", "starts_on", "ends_on"
)
INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "entity_type", "entity_id", "before", "after")
SELECT NULL, 'migration (0011_staff_have_no_exclusive_prices)', 'exclusive_price.delete', 'exclusive_price',
  "id"::text,
  jsonb_build_object(
    'user_id', "user_id", 'item_id', "item_id", 'discount_percentage', "discount_percentage",
    'starts_on', "starts_on", 'ends_on', "ends_on"
  ),
  NULL
FROM "ended" ORDER BY "id";
