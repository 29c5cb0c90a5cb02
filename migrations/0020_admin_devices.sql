CREATE TABLE `admin_devices` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`credential_tag` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_devices_created_idx` ON `admin_devices` (`created_at`);