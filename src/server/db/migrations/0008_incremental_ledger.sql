ALTER TABLE "lot_allocations" ADD COLUMN "lot_remaining_after" numeric;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD COLUMN "lot_fees_remaining_after" numeric;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD COLUMN "pooled_unit_cost" numeric;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD COLUMN "depleted_on" date;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD COLUMN "changed_on" date;--> statement-breakpoint
CREATE INDEX "transaction_lots_acquired_idx" ON "transaction_lots" USING btree ("holding_id","acquisition_date","lot_number");--> statement-breakpoint
CREATE INDEX "transaction_lots_depleted_idx" ON "transaction_lots" USING btree ("holding_id","depleted_on");--> statement-breakpoint
CREATE INDEX "transactions_holding_average_sales_idx" ON "transactions" USING btree ("holding_id","trade_date","created_at","id") WHERE "transactions"."transaction_type" = 'sell' and "transactions"."cost_basis_method" = 'average_cost' and "transactions"."status" <> 'cancelled';--> statement-breakpoint
-- Lots written before this migration: when a sale last changed them is unknown, and their sales
-- did not record what they left of each lot. Marked so that the next replay of their holding
-- replays the whole history (and writes all of it), after which replays resume.
UPDATE "transaction_lots" SET "changed_on" = '9999-12-31';
