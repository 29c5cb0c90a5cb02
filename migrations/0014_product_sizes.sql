CREATE TABLE `product_sizes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`compare_at_cents` integer,
	`sku` text,
	`stock` integer,
	`tiers` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_sizes_product_position_idx` ON `product_sizes` (`product_id`,`position`);--> statement-breakpoint
-- Hand-written below (decision 028). Bulk prices become data: the spec's fixed table
-- {single, tier100, tier250, tier500, tier1000} becomes a list of {minQuantity, unitPriceCents},
-- ascending; `single` is kept as a tier from 1 unit only when it is not the price itself, so every
-- quantity costs what it did. Anything unreadable was "no tiers" before and stays so.
UPDATE `products` SET `price_tiers` = CASE
  WHEN `price_tiers` IS NULL OR json_valid(`price_tiers`) = 0 THEN NULL
  ELSE CASE
    WHEN json_type(`price_tiers`) = 'array' THEN `price_tiers`
    WHEN json_type(`price_tiers`) = 'object'
      AND json_type(`price_tiers`, '$.single') = 'integer' AND json_extract(`price_tiers`, '$.single') >= 0
      AND json_type(`price_tiers`, '$.tier100') = 'integer' AND json_extract(`price_tiers`, '$.tier100') >= 0
      AND json_type(`price_tiers`, '$.tier250') = 'integer' AND json_extract(`price_tiers`, '$.tier250') >= 0
      AND json_type(`price_tiers`, '$.tier500') = 'integer' AND json_extract(`price_tiers`, '$.tier500') >= 0
      AND json_type(`price_tiers`, '$.tier1000') = 'integer' AND json_extract(`price_tiers`, '$.tier1000') >= 0
    THEN CASE
      WHEN json_extract(`price_tiers`, '$.single') = `price_cents` THEN json_array(
        json_object('minQuantity', 100, 'unitPriceCents', json_extract(`price_tiers`, '$.tier100')),
        json_object('minQuantity', 250, 'unitPriceCents', json_extract(`price_tiers`, '$.tier250')),
        json_object('minQuantity', 500, 'unitPriceCents', json_extract(`price_tiers`, '$.tier500')),
        json_object('minQuantity', 1000, 'unitPriceCents', json_extract(`price_tiers`, '$.tier1000')))
      ELSE json_array(
        json_object('minQuantity', 1, 'unitPriceCents', json_extract(`price_tiers`, '$.single')),
        json_object('minQuantity', 100, 'unitPriceCents', json_extract(`price_tiers`, '$.tier100')),
        json_object('minQuantity', 250, 'unitPriceCents', json_extract(`price_tiers`, '$.tier250')),
        json_object('minQuantity', 500, 'unitPriceCents', json_extract(`price_tiers`, '$.tier500')),
        json_object('minQuantity', 1000, 'unitPriceCents', json_extract(`price_tiers`, '$.tier1000')))
    END
    ELSE NULL
  END
END;
--> statement-breakpoint
-- Every existing product gets one size, label '' (sold in one size: it looks and orders exactly as
-- before), from its own price, compare-at price and tiers. Product ids do not change, so every cart
-- line stays valid (a line naming no size is the product's first size).
INSERT INTO `product_sizes` (`product_id`, `position`, `label`, `price_cents`, `compare_at_cents`, `tiers`)
  SELECT `id`, 0, '', `price_cents`, `compare_at_cents`, coalesce(`price_tiers`, '[]') FROM `products` ORDER BY `id`;
--> statement-breakpoint
-- The bridge for writers that speak one price (catalogue load, CSV import, Restore, Duplicate, bulk
-- actions): a new products row gets its one size from its own columns (the sizes writer,
-- app/features/catalogue/sizes.server.ts, then replaces it in the same batch when it has more) ...
CREATE TRIGGER `product_sizes_first_size` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_sizes` (`product_id`, `position`, `label`, `price_cents`, `compare_at_cents`, `tiers`)
    VALUES (new.id, 0, '', new.price_cents, new.compare_at_cents, coalesce(new.price_tiers, '[]'));
END;
--> statement-breakpoint
-- ... and a price change on a product sold in ONE size reaches that size. A product with several
-- sizes changes price only through the sizes writer, which sets the products row from its sizes.
CREATE TRIGGER `product_sizes_single_price` AFTER UPDATE OF `price_cents`, `compare_at_cents`, `price_tiers` ON `products`
  WHEN (SELECT count(*) FROM `product_sizes` WHERE `product_id` = new.id) = 1
BEGIN
  UPDATE `product_sizes`
    SET `price_cents` = new.price_cents, `compare_at_cents` = new.compare_at_cents, `tiers` = coalesce(new.price_tiers, '[]')
    WHERE `product_id` = new.id;
END;
