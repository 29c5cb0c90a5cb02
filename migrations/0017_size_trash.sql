CREATE TABLE `size_trash` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`version` integer NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`price_cents` integer NOT NULL,
	`compare_at_cents` integer,
	`sku` text,
	`stock` integer,
	`tiers` text NOT NULL,
	`kept_label` text,
	`removed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `size_trash_product_idx` ON `size_trash` (`product_id`);--> statement-breakpoint
CREATE INDEX `size_trash_removed_idx` ON `size_trash` (`removed_at`);