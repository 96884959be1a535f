ALTER TABLE "transaction_lots" ALTER COLUMN "cost_basis_method" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transaction_lots" ALTER COLUMN "cost_basis_method" DROP NOT NULL;--> statement-breakpoint
-- A lot names the method of the last sale that took units from it (null while none has).
UPDATE "transaction_lots" AS "lot" SET "cost_basis_method" = (
  SELECT coalesce("sale"."cost_basis_method", 'fifo')
  FROM "lot_allocations" AS "used"
  JOIN "transactions" AS "sale" ON "sale"."id" = "used"."sell_transaction_id"
  WHERE "used"."lot_id" = "lot"."id"
  ORDER BY "sale"."trade_date" DESC, "sale"."created_at" DESC, "sale"."id" DESC
  LIMIT 1
);
