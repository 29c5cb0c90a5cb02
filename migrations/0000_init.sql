CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_active_name_idx` ON `categories` (`active`,`name`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client` text NOT NULL,
	`attempted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_client_time_idx` ON `login_attempts` (`client`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `migration_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`clear_existing` integer DEFAULT true NOT NULL,
	`cleared` integer DEFAULT false NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`inserted` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`failed_products` text DEFAULT '[]' NOT NULL,
	`product_count` integer,
	`migration_complete` integer DEFAULT false NOT NULL,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `migration_runs_created_idx` ON `migration_runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`catalogue_key` text,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`image` text,
	`extra_images` text DEFAULT '[]' NOT NULL,
	`video` text,
	`description` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`strain_type` text,
	`thc_content` text,
	`effects` text DEFAULT '[]' NOT NULL,
	`rating` real DEFAULT 5 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`is_lab_tested` integer DEFAULT true NOT NULL,
	`in_stock` integer DEFAULT true NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`price_tiers` text,
	`bulk_note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_catalogue_key_unique` ON `products` (`catalogue_key`);--> statement-breakpoint
CREATE INDEX `products_active_name_idx` ON `products` (`active`,`name`);--> statement-breakpoint
CREATE INDEX `products_active_price_idx` ON `products` (`active`,`price_cents`);--> statement-breakpoint
CREATE INDEX `products_active_category_name_idx` ON `products` (`active`,`category`,`name`);--> statement-breakpoint
CREATE INDEX `products_active_category_price_idx` ON `products` (`active`,`category`,`price_cents`);--> statement-breakpoint
CREATE INDEX `products_category_name_idx` ON `products` (`category`,`name`);--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `video_uploads` (
	`upload_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`part_size` integer NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `video_uploads_status_updated_idx` ON `video_uploads` (`status`,`updated_at`);