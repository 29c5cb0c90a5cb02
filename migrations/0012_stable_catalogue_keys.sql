CREATE TABLE `category_trash` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`row` text NOT NULL,
	`deleted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `category_trash_deleted_idx` ON `category_trash` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `product_trash` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`catalogue_key` text,
	`row` text NOT NULL,
	`reason` text DEFAULT 'deleted' NOT NULL,
	`deleted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `product_trash_deleted_idx` ON `product_trash` (`deleted_at`);--> statement-breakpoint
ALTER TABLE `categories` ADD `catalogue_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `categories_catalogue_key_unique` ON `categories` (`catalogue_key`);--> statement-breakpoint
ALTER TABLE `products` ADD `catalogue_snapshot` text;--> statement-breakpoint
-- The built-in categories get their catalogue key (decision 024): a later rename keeps it, so a catalogue load files its products under the new slug.
UPDATE `categories` SET `catalogue_key` = `slug` WHERE `slug` IN ('indoors','deps','lows','edibles','pens','concentrates','pala','gelato-punch','branded-exotics','new-drops','mushrooms');
