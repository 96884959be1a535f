CREATE TABLE "holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"class" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"quantity" numeric NOT NULL,
	"purchase_price" numeric NOT NULL,
	"current_price" numeric NOT NULL,
	"purchase_date" date NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_quantity_non_negative" CHECK ("holdings"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lot_allocations" (
	"sell_transaction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"quantity" numeric NOT NULL,
	"cost_basis" numeric NOT NULL,
	"fees" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "lot_allocations_sell_transaction_id_lot_id_pk" PRIMARY KEY("sell_transaction_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "savings_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_acknowledged" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_interest_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"interest_rate" numeric NOT NULL,
	"compounding_frequency" text DEFAULT 'monthly' NOT NULL,
	"rate_type" text DEFAULT 'standard' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_date" date NOT NULL,
	"amount" numeric NOT NULL,
	"tax_withheld" numeric DEFAULT '0' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_calculations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"quantity" numeric NOT NULL,
	"proceeds" numeric NOT NULL,
	"cost_basis" numeric NOT NULL,
	"gain_loss" numeric NOT NULL,
	"holding_period_days" integer NOT NULL,
	"is_long_term" boolean NOT NULL,
	"tax_rate" numeric NOT NULL,
	"tax_amount" numeric NOT NULL,
	"tax_jurisdiction" text DEFAULT 'FR' NOT NULL,
	"tax_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_audit_trail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"session_id" uuid,
	"action_type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"new_values" jsonb,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"holding_id" uuid NOT NULL,
	"lot_number" integer NOT NULL,
	"acquisition_date" date NOT NULL,
	"acquisition_price" numeric NOT NULL,
	"exchange_rate_to_base" numeric DEFAULT '1' NOT NULL,
	"original_quantity" numeric NOT NULL,
	"remaining_quantity" numeric NOT NULL,
	"cost_basis_method" text DEFAULT 'fifo' NOT NULL,
	"fees_allocated" numeric DEFAULT '0' NOT NULL,
	"fees_remaining" numeric DEFAULT '0' NOT NULL,
	"pooled_unit_cost" numeric,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_lots_remaining_non_negative" CHECK ("transaction_lots"."remaining_quantity" >= 0),
	CONSTRAINT "transaction_lots_remaining_at_most_original" CHECK ("transaction_lots"."remaining_quantity" <= "transaction_lots"."original_quantity")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"holding_id" uuid NOT NULL,
	"asset_type" text NOT NULL,
	"transaction_type" text NOT NULL,
	"quantity" numeric NOT NULL,
	"price" numeric NOT NULL,
	"fees" numeric DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"exchange_rate_to_base" numeric DEFAULT '1' NOT NULL,
	"trade_date" date NOT NULL,
	"settlement_date" date NOT NULL,
	"broker" text,
	"account_id" text,
	"notes" text,
	"status" text DEFAULT 'completed' NOT NULL,
	"cost_basis_method" text,
	"selected_lots" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_quantity_positive" CHECK ("transactions"."quantity" > 0),
	CONSTRAINT "transactions_price_non_negative" CHECK ("transactions"."price" >= 0),
	CONSTRAINT "transactions_fees_non_negative" CHECK ("transactions"."fees" >= 0),
	CONSTRAINT "transactions_rate_positive" CHECK ("transactions"."exchange_rate_to_base" > 0),
	CONSTRAINT "transactions_settlement_after_trade" CHECK ("transactions"."settlement_date" >= "transactions"."trade_date")
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD CONSTRAINT "lot_allocations_sell_transaction_id_transactions_id_fk" FOREIGN KEY ("sell_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD CONSTRAINT "lot_allocations_lot_id_transaction_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."transaction_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_alerts" ADD CONSTRAINT "savings_alerts_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_interest_rates" ADD CONSTRAINT "savings_interest_rates_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_calculations" ADD CONSTRAINT "tax_calculations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_calculations" ADD CONSTRAINT "tax_calculations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_calculations" ADD CONSTRAINT "tax_calculations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_calculations" ADD CONSTRAINT "tax_calculations_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit_trail" ADD CONSTRAINT "transaction_audit_trail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit_trail" ADD CONSTRAINT "transaction_audit_trail_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD CONSTRAINT "transaction_lots_id_transactions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD CONSTRAINT "transaction_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD CONSTRAINT "transaction_lots_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD CONSTRAINT "transaction_lots_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lots" ADD CONSTRAINT "transaction_lots_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holdings_scope_idx" ON "holdings" USING btree ("portfolio_id","simulation_id","class");--> statement-breakpoint
CREATE INDEX "lot_allocations_lot_idx" ON "lot_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "savings_alerts_holding_idx" ON "savings_alerts" USING btree ("holding_id","is_acknowledged");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_alerts_one_open_per_kind" ON "savings_alerts" USING btree ("holding_id","kind") WHERE not "savings_alerts"."is_acknowledged";--> statement-breakpoint
CREATE INDEX "savings_interest_rates_holding_idx" ON "savings_interest_rates" USING btree ("holding_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_interest_rates_one_open" ON "savings_interest_rates" USING btree ("holding_id") WHERE "savings_interest_rates"."end_date" is null;--> statement-breakpoint
CREATE INDEX "savings_transactions_holding_idx" ON "savings_transactions" USING btree ("holding_id","transaction_date");--> statement-breakpoint
CREATE INDEX "tax_calculations_transaction_idx" ON "tax_calculations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_audit_trail_entity_idx" ON "transaction_audit_trail" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_lots_number_key" ON "transaction_lots" USING btree ("holding_id","lot_number");--> statement-breakpoint
CREATE INDEX "transactions_real_list_idx" ON "transactions" USING btree ("portfolio_id","settlement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."simulation_id" is null;--> statement-breakpoint
CREATE INDEX "transactions_simulation_list_idx" ON "transactions" USING btree ("portfolio_id","simulation_id","settlement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."simulation_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_real_amount_idx" ON "transactions" USING btree ("portfolio_id",("quantity" * "price") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."simulation_id" is null;--> statement-breakpoint
CREATE INDEX "transactions_simulation_amount_idx" ON "transactions" USING btree ("portfolio_id","simulation_id",("quantity" * "price") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."simulation_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_holding_idx" ON "transactions" USING btree ("holding_id","trade_date","created_at");