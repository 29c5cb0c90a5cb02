ALTER TABLE `products` ADD `sizes_price_differs` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill (decision 028): a product whose sizes do not all cost the same shows 'from $X' on its card.
UPDATE `products` SET `sizes_price_differs` = (
  SELECT count(DISTINCT `price_cents`) > 1 FROM `product_sizes` WHERE `product_sizes`.`product_id` = `products`.`id`
);
