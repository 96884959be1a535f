CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"simulation_id" uuid,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"target_amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"target_date" date NOT NULL,
	"measure_kind" text NOT NULL,
	"current_amount" numeric(20, 2),
	"holding_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"milestones_reached" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_simulation_id_portfolio_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."portfolio_simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_view_idx" ON "goals" USING btree ("portfolio_id","simulation_id","target_date");--> statement-breakpoint
CREATE TRIGGER "goals_changes_insert" AFTER INSERT ON "goals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "goals_changes_update" AFTER UPDATE ON "goals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "goals_changes_delete" AFTER DELETE ON "goals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_portfolio_id();--> statement-breakpoint
CREATE TRIGGER "goals_changes_truncate" AFTER TRUNCATE ON "goals" FOR EACH STATEMENT EXECUTE FUNCTION cairn_announce_truncate();
