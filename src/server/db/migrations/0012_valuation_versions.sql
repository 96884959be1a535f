CREATE TABLE "holding_versions" (
	"holding_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instrument_price_series" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_data_version" ADD COLUMN "fx_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Finer dataset counters for the valuation worker (docs/decisions.md, "Valuation on the server"):
-- each holding's counter moves with every statement that writes what its value depends on; each
-- packed series' counter moves at its rebuild; the rates' counter moves with every statement that
-- writes rates. Statement-level triggers with transition tables, as in migration 0009.
INSERT INTO "holding_versions" ("holding_id", "version") SELECT "id", 0 FROM "holdings";--> statement-breakpoint
CREATE FUNCTION "cairn_bump_holding_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "holding_versions" ("holding_id", "version")
    SELECT DISTINCT c."holding_id", 0 FROM changed_rows c
      WHERE EXISTS (SELECT 1 FROM "holdings" h WHERE h."id" = c."holding_id")
    ON CONFLICT ("holding_id") DO UPDATE SET "version" = "holding_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update may move a row from one holding to another: both move.
CREATE FUNCTION "cairn_bump_holding_version_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "holding_versions" ("holding_id", "version")
    SELECT DISTINCT u."holding_id", 0 FROM (
        SELECT "holding_id" FROM changed_rows UNION SELECT "holding_id" FROM previous_rows
      ) u
      WHERE EXISTS (SELECT 1 FROM "holdings" h WHERE h."id" = u."holding_id")
    ON CONFLICT ("holding_id") DO UPDATE SET "version" = "holding_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_bump_holding_version_by_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "holding_versions" ("holding_id", "version")
    SELECT DISTINCT t."holding_id", 0 FROM changed_rows c
      JOIN "transactions" t ON t."id" = c."transaction_id"
    ON CONFLICT ("holding_id") DO UPDATE SET "version" = "holding_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_holding_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "holding_versions" WHERE "holding_id" IN (SELECT "id" FROM changed_rows);
  ELSE
    INSERT INTO "holding_versions" ("holding_id", "version")
      SELECT "id", 0 FROM changed_rows
      ON CONFLICT ("holding_id") DO UPDATE SET "version" = "holding_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_holding_version_insert" AFTER INSERT ON "holdings"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_holding_version_row"();--> statement-breakpoint
CREATE TRIGGER "holdings_holding_version_update" AFTER UPDATE ON "holdings"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_holding_version_row"();--> statement-breakpoint
CREATE TRIGGER "holdings_holding_version_delete" AFTER DELETE ON "holdings"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_holding_version_row"();--> statement-breakpoint
DO $$
DECLARE
  target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['transactions', 'transaction_lots', 'holding_valuations',
      'savings_transactions', 'savings_interest_rates'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_holding_version()',
      target || '_holding_version_insert', target);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_holding_version_moved()',
      target || '_holding_version_update', target);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_holding_version()',
      target || '_holding_version_delete', target);
  END LOOP;
  FOREACH target IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON tax_calculations REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_holding_version_by_transaction()',
      'tax_calculations_holding_version_' || lower(target), target,
      CASE WHEN target = 'DELETE' THEN 'OLD' ELSE 'NEW' END);
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_bump_fx_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "market_data_version" SET "fx_version" = "fx_version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fx_rates_fx_version_insert" AFTER INSERT ON "fx_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "cairn_bump_fx_version"();--> statement-breakpoint
CREATE TRIGGER "fx_rates_fx_version_update" AFTER UPDATE ON "fx_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "cairn_bump_fx_version"();--> statement-breakpoint
CREATE TRIGGER "fx_rates_fx_version_delete" AFTER DELETE ON "fx_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "cairn_bump_fx_version"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cairn_rebuild_price_series"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "instrument_price_series_dirty" WHERE "instrument_id" = NEW."instrument_id";
  INSERT INTO "instrument_price_series" ("instrument_id", "days", "closes")
    SELECT p."instrument_id",
      string_agg(int4send(p."price_date" - date '1970-01-01'), ''::bytea ORDER BY p."price_date"),
      string_agg(float8send(p."close"::float8), ''::bytea ORDER BY p."price_date")
    FROM "instrument_prices" p
    WHERE p."instrument_id" = NEW."instrument_id"
    GROUP BY p."instrument_id"
    ON CONFLICT ("instrument_id") DO UPDATE SET "days" = excluded."days", "closes" = excluded."closes",
      "version" = "instrument_price_series"."version" + 1;
  IF NOT FOUND THEN
    DELETE FROM "instrument_price_series" WHERE "instrument_id" = NEW."instrument_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The scheduler before pg-boss kept its state in market_data_runs under 'schedule:*' names;
-- nothing reads them since.
DELETE FROM "market_data_runs" WHERE "provider" LIKE 'schedule:%';
