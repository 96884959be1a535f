ALTER TABLE "holdings" ADD COLUMN "lots_cost" numeric;--> statement-breakpoint
CREATE INDEX "transaction_lots_open_idx" ON "transaction_lots" USING btree ("holding_id","acquisition_date","lot_number") WHERE "transaction_lots"."depleted_on" is null;--> statement-breakpoint
-- The change feed's triggers (0020) with static SQL: one function per shape of key, whose plans
-- PL/pgSQL keeps, instead of one building its query for every statement (a new sale cost about 6
-- ms more on PostgreSQL with it). Lots, tax rows and the audit trail announce nothing of their
-- own: they are written only with the transactions and holdings they follow, which announce.
CREATE FUNCTION "cairn_announce"(keys text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR keys = '' THEN
    RETURN;
  END IF;
  -- NOTIFY payloads stop at 8000 bytes: a statement touching that many owners empties the caches.
  PERFORM pg_notify('cairn_changes', CASE WHEN length(keys) > 7000 THEN '*' ELSE keys END);
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT 'u:' || user_id, ',') INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT 'u:' || user_id, ',') INTO keys FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'u:' || user_id FROM old_rows UNION SELECT 'u:' || user_id FROM new_rows) s(k);
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT 'u:' || id, ',') INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT 'u:' || id, ',') INTO keys FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'u:' || id FROM old_rows UNION SELECT 'u:' || id FROM new_rows) s(k);
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_portfolio_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT 'p:' || portfolio_id, ',') INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT 'p:' || portfolio_id, ',') INTO keys FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || portfolio_id FROM old_rows UNION SELECT 'p:' || portfolio_id FROM new_rows) s(k);
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_portfolio"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || id FROM new_rows UNION SELECT 'u:' || user_id FROM new_rows) s(k);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || id FROM old_rows UNION SELECT 'u:' || user_id FROM old_rows) s(k);
  ELSE
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || id FROM old_rows UNION SELECT 'u:' || user_id FROM old_rows
      UNION SELECT 'p:' || id FROM new_rows UNION SELECT 'u:' || user_id FROM new_rows) s(k);
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_share"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || portfolio_id FROM new_rows UNION SELECT 'u:' || owner_user_id FROM new_rows
      UNION SELECT 'u:' || shared_with_user_id FROM new_rows) s(k);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || portfolio_id FROM old_rows UNION SELECT 'u:' || owner_user_id FROM old_rows
      UNION SELECT 'u:' || shared_with_user_id FROM old_rows) s(k);
  ELSE
    SELECT string_agg(DISTINCT k, ',') INTO keys FROM (
      SELECT 'p:' || portfolio_id FROM old_rows UNION SELECT 'u:' || owner_user_id FROM old_rows
      UNION SELECT 'u:' || shared_with_user_id FROM old_rows
      UNION SELECT 'p:' || portfolio_id FROM new_rows UNION SELECT 'u:' || owner_user_id FROM new_rows
      UNION SELECT 'u:' || shared_with_user_id FROM new_rows) s(k);
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_holding_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT 'p:' || h.portfolio_id, ',') INTO keys
      FROM new_rows t JOIN holdings h ON h.id = t.holding_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT 'p:' || h.portfolio_id, ',') INTO keys
      FROM old_rows t JOIN holdings h ON h.id = t.holding_id;
  ELSE
    SELECT string_agg(DISTINCT 'p:' || h.portfolio_id, ',') INTO keys
      FROM (SELECT holding_id FROM old_rows UNION SELECT holding_id FROM new_rows) t
      JOIN holdings h ON h.id = t.holding_id;
  END IF;
  PERFORM cairn_announce(keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_market"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM cairn_announce('m'); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM cairn_announce('m');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM cairn_announce('*'); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM cairn_announce('*');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  target record;
  event text;
  referencing text;
BEGIN
  -- Every trigger 0020 made goes; the announcing ones come back with their static function.
  FOR target IN SELECT tgname, relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE tgname LIKE '%\_changes\_%' AND NOT tgisinternal LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', target.tgname, target.relname);
  END LOOP;
  FOR target IN SELECT * FROM (VALUES
      ('users', 'cairn_announce_user'),
      ('profiles', 'cairn_announce_user_id'),
      ('user_preferences', 'cairn_announce_user_id'),
      ('user_settings', 'cairn_announce_user_id'),
      ('theme_settings', 'cairn_announce_user_id'),
      ('notification_settings', 'cairn_announce_user_id'),
      ('notifications', 'cairn_announce_user_id'),
      ('notification_deliveries', 'cairn_announce_user_id'),
      ('push_subscriptions', 'cairn_announce_user_id'),
      ('sessions', 'cairn_announce_user_id'),
      ('mfa_factors', 'cairn_announce_user_id'),
      ('mfa_challenges', 'cairn_announce_user_id'),
      ('email_otps', 'cairn_announce_user_id'),
      ('auth_tokens', 'cairn_announce_user_id'),
      ('auth_lockouts', 'cairn_announce_user_id'),
      ('account_deletions', 'cairn_announce_user_id'),
      ('api_keys', 'cairn_announce_user_id'),
      ('subscriptions', 'cairn_announce_user_id'),
      ('billing_events', 'cairn_announce_user_id'),
      ('privacy_exports', 'cairn_announce_user_id'),
      ('user_privacy_consents', 'cairn_announce_user_id'),
      ('user_consent_history', 'cairn_announce_user_id'),
      ('portfolios', 'cairn_announce_portfolio'),
      ('account_shares', 'cairn_announce_share'),
      ('portfolio_simulations', 'cairn_announce_portfolio_id'),
      ('holdings', 'cairn_announce_portfolio_id'),
      ('transactions', 'cairn_announce_portfolio_id'),
      ('holding_valuations', 'cairn_announce_portfolio_id'),
      ('holding_versions', 'cairn_announce_holding_id'),
      ('savings_transactions', 'cairn_announce_holding_id'),
      ('savings_interest_rates', 'cairn_announce_holding_id'),
      ('savings_alerts', 'cairn_announce_holding_id'),
      ('instruments', 'cairn_announce_market'),
      ('instrument_prices', 'cairn_announce_market'),
      ('instrument_price_series', 'cairn_announce_market'),
      ('fx_rates', 'cairn_announce_market'),
      ('feature_flags', 'cairn_announce_everything')
    ) AS t(table_name, function_name)
  LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      referencing := CASE event
        WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
        WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
        ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END;
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        target.table_name || '_changes_' || lower(event), event, target.table_name, referencing,
        target.function_name);
    END LOOP;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_truncate()',
      target.table_name || '_changes_truncate', target.table_name);
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION "cairn_announce_changes"();
