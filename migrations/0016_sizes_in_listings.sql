DROP INDEX `products_facets_idx`;--> statement-breakpoint
ALTER TABLE `products` ADD `max_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `sold_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `products_facets_idx` ON `products` (`active`,`category`,`strain_type`,`thc_unit`,`thc_max`,`in_stock`,`price_cents`,`name`,`effects`,`compare_at_cents`,`sizes_price_differs`,`max_price_cents`,`sold_out`);--> statement-breakpoint
CREATE INDEX `product_sizes_product_price_idx` ON `product_sizes` (`product_id`,`price_cents`);--> statement-breakpoint
-- Decision 028: two columns that follow a product's sizes, kept here whatever writes a size, so every
-- writer (the sizes writer, the one-price bridge triggers of 0014, restore, loads, imports) keeps them:
--   max_price_cents  the highest size price: a price range finds a product by any of its sizes;
--   sold_out         every size tracks its stock and none has any left: the shop shows Out of Stock.
UPDATE `products` SET
  `max_price_cents` = (SELECT max(`price_cents`) FROM `product_sizes` WHERE `product_sizes`.`product_id` = `products`.`id`),
  `sold_out` = NOT EXISTS (
    SELECT 1 FROM `product_sizes` WHERE `product_sizes`.`product_id` = `products`.`id`
      AND (`product_sizes`.`stock` IS NULL OR `product_sizes`.`stock` <> 0)
  );--> statement-breakpoint
CREATE TRIGGER `product_sizes_derived_insert` AFTER INSERT ON `product_sizes` BEGIN
  UPDATE `products` SET
    `max_price_cents` = (SELECT max(`price_cents`) FROM `product_sizes` WHERE `product_id` = new.product_id),
    `sold_out` = NOT EXISTS (SELECT 1 FROM `product_sizes` WHERE `product_id` = new.product_id AND (`stock` IS NULL OR `stock` <> 0))
  WHERE `id` = new.product_id;
END;--> statement-breakpoint
CREATE TRIGGER `product_sizes_derived_update` AFTER UPDATE OF `price_cents`, `stock`, `product_id` ON `product_sizes` BEGIN
  UPDATE `products` SET
    `max_price_cents` = (SELECT max(`price_cents`) FROM `product_sizes` WHERE `product_id` = `products`.`id`),
    `sold_out` = NOT EXISTS (SELECT 1 FROM `product_sizes` WHERE `product_id` = `products`.`id` AND (`stock` IS NULL OR `stock` <> 0))
  WHERE `id` IN (new.product_id, old.product_id);
END;--> statement-breakpoint
CREATE TRIGGER `product_sizes_derived_delete` AFTER DELETE ON `product_sizes` BEGIN
  UPDATE `products` SET
    `max_price_cents` = (SELECT max(`price_cents`) FROM `product_sizes` WHERE `product_id` = old.product_id),
    `sold_out` = NOT EXISTS (SELECT 1 FROM `product_sizes` WHERE `product_id` = old.product_id AND (`stock` IS NULL OR `stock` <> 0))
  WHERE `id` = old.product_id;
END;
