-- Full-text search over the products (docs/decisions/015-product-search-fts5.md).
-- Hand-written (drizzle-kit cannot declare virtual tables): both tables are external-content
-- FTS5 indexes over `products`, kept in sync by the triggers below, so every write that goes
-- through the products table (admin form, toggle, delete, catalogue migration, seed) updates them.

-- Words: name (weighted highest at query time), category slug ("gelato-punch" indexes as
-- "gelato punch", the category's name), strain type, effects (JSON text; brackets and quotes are
-- separators) and description. Porter stemming so "gummies" finds "Gummy" and "relax" finds
-- "Relaxed"; prefix indexes for as-you-type queries of 2 and 3 characters.
CREATE VIRTUAL TABLE `product_search` USING fts5(
  name, category, strain_type, effects, description,
  content = 'products', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
-- Relevance (the hidden `rank` column, ORDER BY rank): BM25 with the name weighted highest, then
-- the category and strain type, the effects, and the description lowest.
INSERT INTO `product_search` (product_search, rank) VALUES ('rank', 'bm25(10.0, 4.0, 4.0, 3.0, 1.0)');
--> statement-breakpoint
-- Names as trigrams: "name contains the term" (the spec's rule) for terms of 3+ characters,
-- case-insensitive in every script, answered from the index instead of LIKE '%term%'.
CREATE VIRTUAL TABLE `product_name_trigram` USING fts5(
  name,
  content = 'products', content_rowid = 'id',
  tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_search` (rowid, name, category, strain_type, effects, description)
    VALUES (new.id, new.name, new.category, new.strain_type, new.effects, new.description);
  INSERT INTO `product_name_trigram` (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
-- External-content FTS5 deletes a row by re-tokenizing the values it indexed: the old row's.
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `product_search` (product_search, rowid, name, category, strain_type, effects, description)
    VALUES ('delete', old.id, old.name, old.category, old.strain_type, old.effects, old.description);
  INSERT INTO `product_name_trigram` (product_name_trigram, rowid, name) VALUES ('delete', old.id, old.name);
END;
--> statement-breakpoint
-- Only a change to an indexed column re-indexes (toggling active or bumping the version does not).
CREATE TRIGGER `products_search_update` AFTER UPDATE OF id, name, category, strain_type, effects, description ON `products` BEGIN
  INSERT INTO `product_search` (product_search, rowid, name, category, strain_type, effects, description)
    VALUES ('delete', old.id, old.name, old.category, old.strain_type, old.effects, old.description);
  INSERT INTO `product_search` (rowid, name, category, strain_type, effects, description)
    VALUES (new.id, new.name, new.category, new.strain_type, new.effects, new.description);
  INSERT INTO `product_name_trigram` (product_name_trigram, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO `product_name_trigram` (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
-- Index the products that exist already (a deployed shop's catalogue).
INSERT INTO `product_search` (product_search) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `product_name_trigram` (product_name_trigram) VALUES ('rebuild');
