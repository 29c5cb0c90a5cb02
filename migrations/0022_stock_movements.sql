-- Stock taken for an accepted order: one row per order reference and size, nothing about the shopper.
-- The unique index is what makes a second "Take these from stock" (another click, another tab) take nothing.
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`size_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`taken_at` integer NOT NULL,
	`take_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_movements_reference_size` ON `stock_movements` (`reference`,`size_id`);
--> statement-breakpoint
CREATE INDEX `stock_movements_take` ON `stock_movements` (`take_id`);
