CREATE TABLE `image_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`animated` integer DEFAULT false NOT NULL,
	`variants` text DEFAULT '{}' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ready_at` integer
);
--> statement-breakpoint
CREATE INDEX `image_uploads_status_updated_idx` ON `image_uploads` (`status`,`updated_at`);