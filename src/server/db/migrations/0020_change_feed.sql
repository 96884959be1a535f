-- The change feed (platform/read-cache.ts): every statement that writes what a cached read may
-- show announces, on channel cairn_changes, the keys it touched: u:<user id>, p:<portfolio id>,
-- m (market data: prices, rates, instruments) or * (everything). A process keeping reads in
-- memory drops those that depend on a key it hears. NOTIFY is transactional: a rolled-back write
-- announces nothing, and listeners hear a transaction's keys once it has committed, in commit
-- order. Statement-level triggers with transition tables: a 5,000-row import announces once.
--
-- The trigger's arguments say which columns carry keys: 'u:<column>' (a user), 'p:<column>' (a
-- portfolio), 'ph:<column>' (the portfolio of a holding), 'm' or '*'.
CREATE FUNCTION "cairn_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  spec text;
  kind text;
  col text;
  src text;
  sources text[];
  parts text[] := '{}';
  keys text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    sources := ARRAY['new_rows'];
  ELSIF TG_OP = 'DELETE' THEN
    sources := ARRAY['old_rows'];
  ELSE
    sources := ARRAY['old_rows', 'new_rows'];
  END IF;
  FOREACH spec IN ARRAY TG_ARGV LOOP
    kind := split_part(spec, ':', 1);
    col := split_part(spec, ':', 2);
    FOREACH src IN ARRAY sources LOOP
      -- A statement that wrote no row (an update matching nothing) announces nothing.
      IF kind IN ('m', '*') THEN
        parts := parts || format('select %L from (select 1 from %I limit 1) t', kind, src);
      ELSIF kind = 'ph' THEN
        parts := parts || format(
          'select ''p:'' || h.portfolio_id from %I t join holdings h on h.id = t.%I', src, col);
      ELSE
        parts := parts || format(
          'select %L || t.%I from %I t where t.%I is not null', kind || ':', col, src, col);
      END IF;
    END LOOP;
  END LOOP;
  EXECUTE 'select string_agg(distinct k, '','') from (' || array_to_string(parts, ' union ')
    || ') s(k)' INTO keys;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  -- NOTIFY payloads stop at 8000 bytes: a statement touching that many owners empties the caches.
  IF length(keys) > 7000 THEN
    keys := '*';
  END IF;
  PERFORM pg_notify('cairn_changes', keys);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "cairn_announce_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cairn_changes', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  target record;
  event text;
  referencing text;
BEGIN
  FOR target IN SELECT * FROM (VALUES
      ('users', ARRAY['u:id']),
      ('profiles', ARRAY['u:user_id']),
      ('user_preferences', ARRAY['u:user_id']),
      ('user_settings', ARRAY['u:user_id']),
      ('theme_settings', ARRAY['u:user_id']),
      ('notification_settings', ARRAY['u:user_id']),
      ('notifications', ARRAY['u:user_id']),
      ('notification_deliveries', ARRAY['u:user_id']),
      ('push_subscriptions', ARRAY['u:user_id']),
      ('sessions', ARRAY['u:user_id']),
      ('mfa_factors', ARRAY['u:user_id']),
      ('mfa_challenges', ARRAY['u:user_id']),
      ('email_otps', ARRAY['u:user_id']),
      ('auth_tokens', ARRAY['u:user_id']),
      ('auth_lockouts', ARRAY['u:user_id']),
      ('account_deletions', ARRAY['u:user_id']),
      ('api_keys', ARRAY['u:user_id']),
      ('subscriptions', ARRAY['u:user_id']),
      ('billing_events', ARRAY['u:user_id']),
      ('privacy_exports', ARRAY['u:user_id']),
      ('user_privacy_consents', ARRAY['u:user_id']),
      ('user_consent_history', ARRAY['u:user_id']),
      ('portfolios', ARRAY['p:id', 'u:user_id']),
      ('account_shares', ARRAY['p:portfolio_id', 'u:owner_user_id', 'u:shared_with_user_id']),
      ('portfolio_simulations', ARRAY['p:portfolio_id']),
      ('holdings', ARRAY['p:portfolio_id']),
      ('transactions', ARRAY['p:portfolio_id']),
      ('transaction_lots', ARRAY['p:portfolio_id']),
      ('tax_calculations', ARRAY['p:portfolio_id']),
      ('transaction_audit_trail', ARRAY['p:portfolio_id']),
      ('holding_valuations', ARRAY['p:portfolio_id']),
      ('holding_versions', ARRAY['ph:holding_id']),
      ('savings_transactions', ARRAY['ph:holding_id']),
      ('savings_interest_rates', ARRAY['ph:holding_id']),
      ('savings_alerts', ARRAY['ph:holding_id']),
      ('instruments', ARRAY['m']),
      ('instrument_prices', ARRAY['m']),
      ('instrument_price_series', ARRAY['m']),
      ('fx_rates', ARRAY['m']),
      ('feature_flags', ARRAY['*'])
    ) AS t(table_name, specs)
  LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      referencing := CASE event
        WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
        WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
        ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END;
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_changes(%s)',
        target.table_name || '_changes_' || lower(event), event, target.table_name, referencing,
        (SELECT string_agg(quote_literal(s), ', ') FROM unnest(target.specs) s));
    END LOOP;
    -- TRUNCATE has no transition table: it empties every cache.
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_truncate()',
      target.table_name || '_changes_truncate', target.table_name);
  END LOOP;
END $$;
