CREATE TABLE `shop_document_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`saved_at` integer NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`restored_from` integer
);
--> statement-breakpoint
CREATE INDEX `shop_document_versions_name_id` ON `shop_document_versions` (`name`,`id`);