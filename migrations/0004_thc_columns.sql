ALTER TABLE `products` ADD `thc_unit` text;--> statement-breakpoint
ALTER TABLE `products` ADD `thc_min` real;--> statement-breakpoint
ALTER TABLE `products` ADD `thc_max` real;--> statement-breakpoint
CREATE INDEX `products_active_thc_idx` ON `products` (`active`,`thc_unit`,`thc_max`);--> statement-breakpoint
CREATE INDEX `products_active_category_thc_idx` ON `products` (`active`,`category`,`thc_unit`,`thc_max`);--> statement-breakpoint
CREATE INDEX `products_facets_idx` ON `products` (`active`,`category`,`strain_type`,`thc_unit`,`thc_max`,`in_stock`,`price_cents`,`name`,`effects`);