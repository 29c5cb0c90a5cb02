-- Owner insights: counts per shop day, nothing about any person (docs/decisions/046).
CREATE TABLE `insight_product_days` (
	`day` text NOT NULL,
	`product_id` integer NOT NULL,
	`size_id` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`adds` integer DEFAULT 0 NOT NULL,
	`removes` integer DEFAULT 0 NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`ordered_units` integer DEFAULT 0 NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `product_id`, `size_id`)
);
--> statement-breakpoint
CREATE INDEX `insight_product_days_product_idx` ON `insight_product_days` (`product_id`,`day`);
--> statement-breakpoint
CREATE TABLE `insight_terms` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`term` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`misses` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `term`)
);
--> statement-breakpoint
CREATE TABLE `insight_days` (
	`day` text PRIMARY KEY NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`lost_events` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `insight_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `insight_messages_received_idx` ON `insight_messages` (`received_at`);
