CREATE TABLE `catalogue_revision` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 032: a number every write to the listings' tables replaces, whoever writes. A listing's kept facet
-- counts are current while it is unchanged: the page reads it in the batch with its cards. Random, not a
-- counter, so no two catalogue states share one (a Time Travel restore, a test's reset storage); within
-- JavaScript's safe integers, as D1 returns it as a number.
INSERT INTO `catalogue_revision` (`id`, `value`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `products_revision_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `products_revision_update` AFTER UPDATE ON `products` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `products_revision_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_sizes_revision_insert` AFTER INSERT ON `product_sizes` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_sizes_revision_update` AFTER UPDATE ON `product_sizes` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_sizes_revision_delete` AFTER DELETE ON `product_sizes` BEGIN
  UPDATE `catalogue_revision` SET `value` = abs(random() % 9007199254740991) WHERE `id` = 1;
END;
