CREATE TYPE "public"."business_type" AS ENUM('limited_company', 'llp', 'sole_trader', 'partnership', 'charity', 'other');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "business_type" "business_type" DEFAULT 'limited_company' NOT NULL;--> statement-breakpoint
-- manual: begin staff-membership
-- Staff and owner accounts hold no trade membership: a member of staff had applied for a trade account,
-- approved it with credit and ordered on account. The memberships staff and owners hold already are removed,
-- each removal written to the audit log as the back office writes it, with the invitations they sent; their
-- orders stay in the companies' histories. From now on applying and accepting refuse them (403), and a
-- promotion to staff or owner ends the membership in its transaction.
WITH "ended" AS (
  DELETE FROM "company_members"
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer')
  RETURNING "id", "company_id", "user_id", "role"
)
INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "entity_type", "entity_id", "before", "after")
SELECT NULL, 'migration (staff have no trade membership)', 'company_member.remove', 'company_member',
  "id"::text,
  jsonb_build_object('company_id', "company_id", 'user_id', "user_id", 'role', "role"),
  NULL
FROM "ended" ORDER BY "id";
--> statement-breakpoint
DELETE FROM "company_invitations"
WHERE "invited_by" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer');
-- manual: end
