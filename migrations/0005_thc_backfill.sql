-- Backfills the THC potency columns (thc_unit, thc_min, thc_max) of existing products from their
-- thc_content text, reading the shapes app/lib/thc.ts accepts: 24%, 24, 22-26%, 22%-26%, 90%+, 90+,
-- 10mg, 5-10mg, 5mg-10mg, 10mg per piece (any case, spaces and en or em dashes). Text in no such
-- shape leaves the columns null. New writes compute the columns in the app (thcColumns), so this
-- runs once; tests/worker/thc.test.ts checks it against parseThc for every catalogue value.
UPDATE `products`
SET `thc_unit` = parsed.unit, `thc_min` = parsed.low, `thc_max` = parsed.high
FROM (
  SELECT id, unit, low, high
  FROM (
    SELECT id, core, unit,
      CAST(core AS REAL) AS low,
      CASE
        WHEN instr(core, '-') > 0 THEN CAST(substr(core, instr(core, '-') + 1) AS REAL)
        WHEN plus THEN 100.0
        ELSE CAST(core AS REAL)
      END AS high
    FROM (
      SELECT id,
        CASE WHEN mg THEN 'mg' ELSE 'percent' END AS unit,
        plus,
        CASE
          WHEN mg THEN replace(CASE WHEN instr(s, 'per') > 0 THEN substr(s, 1, instr(s, 'per') - 1) ELSE s END, 'mg', '')
          ELSE replace(replace(s, '%', ''), '+', '')
        END AS core,
        valid
      FROM (
        SELECT id, s,
          (s GLOB '[0-9]*mg' OR s GLOB '[0-9]*mgper[a-z]*') AS mg,
          (s GLOB '*+' OR s GLOB '*+%') AS plus,
          (s GLOB '[0-9]*' AND (s NOT GLOB '*[^0-9.%+-]*' OR s GLOB '[0-9]*mg' OR s GLOB '[0-9]*mgper[a-z]*')) AS valid
        FROM (
          SELECT id, replace(replace(replace(lower(trim(thc_content)), ' ', ''), '–', '-'), '—', '-') AS s
          FROM `products`
          WHERE thc_content IS NOT NULL
        )
      )
    )
    WHERE valid
      AND NOT (unit = 'mg' AND plus)
      AND core GLOB '[0-9]*' AND core NOT GLOB '*[^0-9.-]*' AND core NOT GLOB '*-*-*' AND core NOT GLOB '*-' AND core NOT GLOB '*.'
      AND core NOT GLOB '*.-*' AND core NOT GLOB '*-.*' AND core NOT GLOB '*.*.*-*' AND core NOT GLOB '*-*.*.*'
      AND (instr(core, '-') > 0 OR core NOT GLOB '*.*.*')
  )
  WHERE low <= high AND high <= CASE unit WHEN 'percent' THEN 100 ELSE 10000 END
) AS parsed
WHERE `products`.id = parsed.id;
