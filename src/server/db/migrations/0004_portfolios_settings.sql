CREATE TABLE "account_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"shared_with_user_id" uuid,
	"shared_with_email" text NOT NULL,
	"permission_level" text NOT NULL,
	"invitation_token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"simulation_sharing_mode" text DEFAULT 'none' NOT NULL,
	"shared_simulation_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_shares_invitation_token_hash_unique" UNIQUE("invitation_token_hash")
);
--> statement-breakpoint
CREATE TABLE "portfolio_simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"initial_cash" numeric(20, 2) NOT NULL,
	"background_theme" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_transactions" boolean DEFAULT true NOT NULL,
	"email_goals" boolean DEFAULT true NOT NULL,
	"email_insights" boolean DEFAULT true NOT NULL,
	"email_security" boolean DEFAULT true NOT NULL,
	"email_frequency" text DEFAULT 'instant' NOT NULL,
	"push_enabled" boolean DEFAULT true NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT false NOT NULL,
	"quiet_hours_start" text DEFAULT '22:00' NOT NULL,
	"quiet_hours_end" text DEFAULT '08:00' NOT NULL,
	"login_notifications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'system' NOT NULL,
	"color_scheme" text DEFAULT 'default' NOT NULL,
	"font_size" text DEFAULT 'medium' NOT NULL,
	"contrast" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'auto' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"date_format" text DEFAULT 'dd/MM/yyyy' NOT NULL,
	"number_format" text DEFAULT 'european' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"bio" text,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_shares" ADD CONSTRAINT "account_shares_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_shares" ADD CONSTRAINT "account_shares_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_shares" ADD CONSTRAINT "account_shares_shared_with_user_id_users_id_fk" FOREIGN KEY ("shared_with_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_simulations" ADD CONSTRAINT "portfolio_simulations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_simulations" ADD CONSTRAINT "portfolio_simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_settings" ADD CONSTRAINT "theme_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_shares_one_live_per_email" ON "account_shares" USING btree ("portfolio_id","shared_with_email") WHERE "account_shares"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "account_shares_portfolio_idx" ON "account_shares" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "account_shares_shared_with_idx" ON "account_shares" USING btree ("shared_with_user_id","status");--> statement-breakpoint
CREATE INDEX "account_shares_email_idx" ON "account_shares" USING btree ("shared_with_email","status");--> statement-breakpoint
CREATE INDEX "portfolio_simulations_portfolio_idx" ON "portfolio_simulations" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolios_user_idx" ON "portfolios" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_one_default_per_user" ON "portfolios" USING btree ("user_id") WHERE "portfolios"."is_default";--> statement-breakpoint
-- Data: every existing user gets the four settings rows (defaults), their profile name as
-- display name, and their sign-in alert choice moved from security_settings (dropped in 0005).
INSERT INTO "user_settings" ("user_id", "display_name")
SELECT "users"."id", "profiles"."full_name"
FROM "users" LEFT JOIN "profiles" ON "profiles"."user_id" = "users"."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_preferences" ("user_id") SELECT "id" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "theme_settings" ("user_id") SELECT "id" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "notification_settings" ("user_id", "login_notifications")
SELECT "users"."id", coalesce("security_settings"."login_notifications", true)
FROM "users" LEFT JOIN "security_settings" ON "security_settings"."user_id" = "users"."id"
ON CONFLICT DO NOTHING;
