CREATE TABLE "instrument_price_series" (
	"instrument_id" uuid PRIMARY KEY NOT NULL,
	"days" "bytea" NOT NULL,
	"closes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instrument_price_series" ADD CONSTRAINT "instrument_price_series_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The packed series follow instrument_prices, whichever code path writes them: every statement
-- rebuilds the series of the instruments it touched (a year of closes in about a millisecond).
CREATE FUNCTION "cairn_refresh_price_series"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "instrument_price_series" ("instrument_id", "days", "closes")
    SELECT p."instrument_id",
      string_agg(int4send(p."price_date" - date '1970-01-01'), ''::bytea ORDER BY p."price_date"),
      string_agg(float8send(p."close"::float8), ''::bytea ORDER BY p."price_date")
    FROM "instrument_prices" p
    WHERE p."instrument_id" IN (SELECT DISTINCT "instrument_id" FROM changed_rows)
    GROUP BY p."instrument_id"
    ON CONFLICT ("instrument_id") DO UPDATE SET "days" = excluded."days", "closes" = excluded."closes";
  DELETE FROM "instrument_price_series" s
    WHERE s."instrument_id" IN (SELECT DISTINCT "instrument_id" FROM changed_rows)
      AND NOT EXISTS (SELECT 1 FROM "instrument_prices" p WHERE p."instrument_id" = s."instrument_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_insert" AFTER INSERT ON "instrument_prices"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_refresh_price_series"();--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_update" AFTER UPDATE ON "instrument_prices"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_refresh_price_series"();--> statement-breakpoint
CREATE TRIGGER "instrument_prices_series_delete" AFTER DELETE ON "instrument_prices"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_refresh_price_series"();
