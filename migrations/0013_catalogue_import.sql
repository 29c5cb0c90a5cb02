ALTER TABLE `migration_runs` ADD `kind` text DEFAULT 'catalogue' NOT NULL;--> statement-breakpoint
ALTER TABLE `migration_runs` ADD `source` text;