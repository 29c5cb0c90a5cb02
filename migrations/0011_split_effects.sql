-- Effects stored as one string naming several ("Relaxed, Happy") become separate effects,
-- by the rule of app/features/catalogue/effects.ts splitEffects: split at commas, trim, drop blanks.
-- Rows whose effects hold no comma, or are not JSON, are left as they are.
UPDATE `products` SET `effects` = (
  WITH RECURSIVE `split`(`ord`, `rest`, `item`) AS (
    SELECT 0, (SELECT group_concat(`value`, ',') FROM json_each(`products`.`effects`) WHERE `type` = 'text') || ',', NULL
    UNION ALL
    SELECT `ord` + 1, substr(`rest`, instr(`rest`, ',') + 1), trim(substr(`rest`, 1, instr(`rest`, ',') - 1)) FROM `split` WHERE `rest` <> ''
  )
  SELECT json_group_array(`item`) FROM (SELECT `item` FROM `split` WHERE `item` <> '' ORDER BY `ord`)
)
WHERE json_valid(`effects`) AND EXISTS (SELECT 1 FROM json_each(`products`.`effects`) WHERE `type` = 'text' AND `value` LIKE '%,%');
