CREATE TABLE `specials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`code` text,
	`paused` integer DEFAULT false NOT NULL,
	`data` text NOT NULL,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `specials_deleted_idx` ON `specials` (`deleted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `specials_code_unique` ON `specials` (`code`) WHERE `code` IS NOT NULL AND `deleted_at` IS NULL;
