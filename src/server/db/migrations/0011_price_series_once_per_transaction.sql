-- The packed series were rebuilt by every statement that wrote closes: a ten-year upload in
-- 200-row statements rebuilt each instrument's series about 18 times (quadratic). Now a statement
-- only marks the instruments it touched, and each marked instrument is rebuilt once, when its
-- transaction commits (a deferred constraint trigger on the mark).
CREATE TABLE "instrument_price_series_dirty" (
	"instrument_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER "instrument_prices_series_insert" ON "instrument_prices";--> statement-breakpoint
DROP TRIGGER "instrument_prices_series_update" ON "instrument_prices";--> statement-breakpoint
DROP TRIGGER "instrument_prices_series_delete" ON "instrument_prices";--> statement-breakpoint
DROP FUNCTION "cairn_refresh_price_series"();--> statement-breakpoint
CREATE FUNCTION "cairn_mark_price_series"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "instrument_price_series_dirty" ("instrument_id")
    SELECT DISTINCT "instrument_id" FROM changed_rows
    ON CONFLICT ("instrument_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_insert" AFTER INSERT ON "instrument_prices"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_mark_price_series"();--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_update" AFTER UPDATE ON "instrument_prices"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_mark_price_series"();--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_delete" AFTER DELETE ON "instrument_prices"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_mark_price_series"();--> statement-breakpoint
CREATE FUNCTION "cairn_rebuild_price_series"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "instrument_price_series_dirty" WHERE "instrument_id" = NEW."instrument_id";
  INSERT INTO "instrument_price_series" ("instrument_id", "days", "closes")
    SELECT p."instrument_id",
      string_agg(int4send(p."price_date" - date '1970-01-01'), ''::bytea ORDER BY p."price_date"),
      string_agg(float8send(p."close"::float8), ''::bytea ORDER BY p."price_date")
    FROM "instrument_prices" p
    WHERE p."instrument_id" = NEW."instrument_id"
    GROUP BY p."instrument_id"
    ON CONFLICT ("instrument_id") DO UPDATE SET "days" = excluded."days", "closes" = excluded."closes";
  IF NOT FOUND THEN
    DELETE FROM "instrument_price_series" WHERE "instrument_id" = NEW."instrument_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "instrument_price_series_dirty_rebuild" AFTER INSERT ON "instrument_price_series_dirty"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "cairn_rebuild_price_series"();
