-- The built-in catalogue no longer ships shared illustrations (public/art); every product
-- without an uploaded image shows its own packshot. Products loaded before this change still point
-- at those illustrations: drop them (cover and extra images under /art/), keeping uploaded images.
-- Each changed row gets a new version, so an edit form opened before cannot write the old paths back.
UPDATE `products`
SET
  `image` = CASE WHEN `image` LIKE '/art/%' THEN NULL ELSE `image` END,
  `extra_images` = CASE
    WHEN json_valid(`extra_images`) AND `extra_images` LIKE '%"/art/%'
      THEN (SELECT json_group_array(`value`) FROM json_each(`products`.`extra_images`) WHERE `value` NOT LIKE '/art/%')
    ELSE `extra_images`
  END,
  `version` = `version` + 1,
  `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `image` LIKE '/art/%' OR (json_valid(`extra_images`) AND `extra_images` LIKE '%"/art/%');
