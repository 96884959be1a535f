CREATE TABLE "projection_scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projection_scenarios" ADD CONSTRAINT "projection_scenarios_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projection_scenarios" ADD CONSTRAINT "projection_scenarios_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projection_scenarios" ADD CONSTRAINT "projection_scenarios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projection_scenarios_view_idx" ON "projection_scenarios" USING btree ("portfolio_id","simulation_id","created_at");--> statement-breakpoint
CREATE TRIGGER "projection_scenarios_changes_insert" AFTER INSERT ON "projection_scenarios" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "projection_scenarios_changes_update" AFTER UPDATE ON "projection_scenarios" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "projection_scenarios_changes_delete" AFTER DELETE ON "projection_scenarios" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "projection_scenarios_changes_truncate" AFTER TRUNCATE ON "projection_scenarios" FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_truncate();
