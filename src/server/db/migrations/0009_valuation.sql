CREATE TABLE "holding_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"user_id" uuid NOT NULL,
	"valuation_date" date NOT NULL,
	"value" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_valuations_value_non_negative" CHECK ("holding_valuations"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_rate_date_pk" PRIMARY KEY("currency","rate_date"),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "instrument_prices" (
	"instrument_id" uuid NOT NULL,
	"price_date" date NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instrument_prices_instrument_id_price_date_pk" PRIMARY KEY("instrument_id","price_date"),
	CONSTRAINT "instrument_prices_close_non_negative" CHECK ("instrument_prices"."close" >= 0)
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"exchange" text,
	"currency" text NOT NULL,
	"sector" text,
	"country" text,
	"provider" text DEFAULT 'manual' NOT NULL,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_data_runs" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_data_version_single_row" CHECK ("market_data_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "portfolio_versions" (
	"portfolio_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "base_currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "holding_valuations" ADD CONSTRAINT "holding_valuations_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_valuations" ADD CONSTRAINT "holding_valuations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_valuations" ADD CONSTRAINT "holding_valuations_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_valuations" ADD CONSTRAINT "holding_valuations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_prices" ADD CONSTRAINT "instrument_prices_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_versions" ADD CONSTRAINT "portfolio_versions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_valuations_day_key" ON "holding_valuations" USING btree ("holding_id","valuation_date");--> statement-breakpoint
CREATE INDEX "holding_valuations_portfolio_idx" ON "holding_valuations" USING btree ("portfolio_id","simulation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_symbol_key" ON "instruments" USING btree ("symbol");--> statement-breakpoint
-- A portfolio's base currency starts as its owner's preferred currency.
UPDATE "portfolios" SET "base_currency" = "user_preferences"."currency"
  FROM "user_preferences" WHERE "user_preferences"."user_id" = "portfolios"."user_id";--> statement-breakpoint
INSERT INTO "market_data_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
INSERT INTO "portfolio_versions" ("portfolio_id", "version") SELECT "id", 0 FROM "portfolios";--> statement-breakpoint
-- Dataset counters. Every statement that writes a portfolio's holdings, transactions, savings
-- movements or rates, or valuations bumps that portfolio's counter; every statement that writes
-- prices or rates bumps the market data counter. Statement-level triggers with transition tables:
-- a 200-row insert bumps once. PostgreSQL allows one event per trigger with transition tables,
-- hence one trigger per event; the functions read the transition table named changed_rows.
CREATE FUNCTION "cairn_portfolio_version_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "portfolio_versions" ("portfolio_id", "version") SELECT "id", 0 FROM changed_rows
    ON CONFLICT ("portfolio_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "portfolios_version_row" AFTER INSERT ON "portfolios"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "cairn_portfolio_version_new"();--> statement-breakpoint
CREATE FUNCTION "cairn_bump_portfolio_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "portfolio_versions" SET "version" = "version" + 1
    WHERE "portfolio_id" IN (SELECT DISTINCT "portfolio_id" FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_bump_portfolio_version_by_holding"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "portfolio_versions" SET "version" = "version" + 1
    WHERE "portfolio_id" IN (
      SELECT DISTINCT "holdings"."portfolio_id" FROM "holdings"
        WHERE "holdings"."id" IN (SELECT DISTINCT "holding_id" FROM changed_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_bump_market_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "market_data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  target record;
  event text;
BEGIN
  FOR target IN SELECT * FROM (VALUES
      ('holdings', 'cairn_bump_portfolio_version'),
      ('transactions', 'cairn_bump_portfolio_version'),
      ('holding_valuations', 'cairn_bump_portfolio_version'),
      ('savings_transactions', 'cairn_bump_portfolio_version_by_holding'),
      ('savings_interest_rates', 'cairn_bump_portfolio_version_by_holding')
    ) AS t(table_name, function_name)
  LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        target.table_name || '_version_' || lower(event), event, target.table_name,
        CASE WHEN event = 'DELETE' THEN 'OLD' ELSE 'NEW' END, target.function_name);
    END LOOP;
  END LOOP;
  FOR target IN SELECT * FROM (VALUES ('instrument_prices'), ('fx_rates')) AS t(table_name) LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_market_data_version()',
        target.table_name || '_version_' || lower(event), event, target.table_name);
    END LOOP;
  END LOOP;
END $$;
