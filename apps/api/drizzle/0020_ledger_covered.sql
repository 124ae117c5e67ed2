DROP INDEX "orders_account_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "covered_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- manual: begin ledger-covered
-- What covers each order as a ledger's invoice (DESIGN §7; the domain's invoiceStates): its succeeded credit
-- notes, the allocations to it of payments not reversed, and credit notes' credit set against it, less the
-- credit moved off its own notes. Filled here from the ledger's rows, before the index that carries it is made;
-- from now on the triggers below keep it, in the transaction of whatever writes the ledger.
UPDATE "orders" o SET "covered_pence" = c."pence"
FROM (
  SELECT x."order_id", sum(x."pence")::int AS "pence" FROM (
    SELECT r."order_id", r."amount_pence" AS "pence" FROM "refunds" r WHERE r."status" = 'succeeded'
    UNION ALL
    SELECT a."order_id", a."amount_pence" FROM "payment_allocations" a
    WHERE NOT EXISTS (SELECT 1 FROM "payments_received" v WHERE v."reverses_id" = a."payment_id")
    UNION ALL
    SELECT c."order_id", c."amount_pence" FROM "credit_allocations" c
    UNION ALL
    SELECT r."order_id", -c."amount_pence" FROM "credit_allocations" c JOIN "refunds" r ON r."id" = c."refund_id"
  ) x
  GROUP BY x."order_id"
) c
WHERE o."id" = c."order_id";
-- manual: end
--> statement-breakpoint
CREATE INDEX "orders_account_due_idx" ON "orders" USING btree ("invoice_due_date","id","company_id","total_pence","created_at","payment_status","covered_pence") WHERE "orders"."payment_method" = 'account' and "orders"."payment_status" not in ('COMPLETED', 'REFUND');--> statement-breakpoint
-- manual: begin ledger-covered-triggers
-- A credit note covers its order once it has succeeded (refunds go pending, then succeeded or failed).
CREATE OR REPLACE FUNCTION ledger_cover_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'succeeded' THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" - OLD."amount_pence" WHERE "id" = OLD."order_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'succeeded' THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" + NEW."amount_pence" WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_cover" AFTER INSERT OR DELETE OR UPDATE OF "status", "amount_pence", "order_id" ON "refunds"
FOR EACH ROW EXECUTE FUNCTION ledger_cover_refund();
--> statement-breakpoint
-- A payment's allocation covers its invoice while the payment is not reversed.
CREATE OR REPLACE FUNCTION ledger_cover_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT'
    AND NOT EXISTS (SELECT 1 FROM "payments_received" v WHERE v."reverses_id" = OLD."payment_id") THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" - OLD."amount_pence" WHERE "id" = OLD."order_id";
  END IF;
  IF TG_OP <> 'DELETE'
    AND NOT EXISTS (SELECT 1 FROM "payments_received" v WHERE v."reverses_id" = NEW."payment_id") THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" + NEW."amount_pence" WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_allocations_cover" AFTER INSERT OR DELETE OR UPDATE OF "payment_id", "order_id", "amount_pence"
ON "payment_allocations" FOR EACH ROW EXECUTE FUNCTION ledger_cover_allocation();
--> statement-breakpoint
-- A reversal entry takes its payment's allocations off their invoices (reverses_id is unique: one reversal
-- a payment); taking the entry away would put them back.
CREATE OR REPLACE FUNCTION ledger_cover_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."reverses_id" IS NOT NULL THEN
    UPDATE "orders" o SET "covered_pence" = o."covered_pence" + a."pence"
    FROM (SELECT "order_id", sum("amount_pence")::int AS "pence" FROM "payment_allocations"
      WHERE "payment_id" = OLD."reverses_id" GROUP BY "order_id") a
    WHERE o."id" = a."order_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."reverses_id" IS NOT NULL THEN
    UPDATE "orders" o SET "covered_pence" = o."covered_pence" - a."pence"
    FROM (SELECT "order_id", sum("amount_pence")::int AS "pence" FROM "payment_allocations"
      WHERE "payment_id" = NEW."reverses_id" GROUP BY "order_id") a
    WHERE o."id" = a."order_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_received_cover" AFTER INSERT OR DELETE OR UPDATE OF "reverses_id" ON "payments_received"
FOR EACH ROW EXECUTE FUNCTION ledger_cover_reversal();
--> statement-breakpoint
-- A credit note's credit set against an invoice covers that invoice and leaves the note's own order.
CREATE OR REPLACE FUNCTION ledger_cover_credit_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" - OLD."amount_pence" WHERE "id" = OLD."order_id";
    UPDATE "orders" SET "covered_pence" = "covered_pence" + OLD."amount_pence"
    WHERE "id" = (SELECT r."order_id" FROM "refunds" r WHERE r."id" = OLD."refund_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "orders" SET "covered_pence" = "covered_pence" + NEW."amount_pence" WHERE "id" = NEW."order_id";
    UPDATE "orders" SET "covered_pence" = "covered_pence" - NEW."amount_pence"
    WHERE "id" = (SELECT r."order_id" FROM "refunds" r WHERE r."id" = NEW."refund_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_allocations_cover" AFTER INSERT OR DELETE OR UPDATE OF "refund_id", "order_id", "amount_pence"
ON "credit_allocations" FOR EACH ROW EXECUTE FUNCTION ledger_cover_credit_allocation();
-- manual: end
