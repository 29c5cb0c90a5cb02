DROP INDEX `products_facets_idx`;--> statement-breakpoint
ALTER TABLE `products` ADD `compare_at_cents` integer;--> statement-breakpoint
CREATE INDEX `products_facets_idx` ON `products` (`active`,`category`,`strain_type`,`thc_unit`,`thc_max`,`in_stock`,`price_cents`,`name`,`effects`,`compare_at_cents`);