-- Skeletons of the usernames that exist (docs/product.md#look-alike-usernames, ADR 0021). The
-- expression is domain/username.ts usernameSkeleton for the characters a username allows (accented
-- Latin letters, digits, underscore): accents off, TR39's 'I' -> 'l', '1' -> 'l', '0' -> 'O', then
-- lowercase, then 'i' -> 'l' and 'm' -> 'rn'. tests/worker/username-skeleton.test.ts checks both
-- agree on every allowed character.
-- Existing look-alikes do not fail the migration: the oldest profile of each skeleton gets it,
-- later ones keep NULL (they keep their name; a new name must be free). Report them with
--   SELECT username, created_at FROM profiles WHERE username_skeleton IS NULL
WITH skeletons AS (
  SELECT user_id, created_at,
    replace(replace(lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(username, 'Á', 'A'), 'É', 'E'), 'Í', 'I'), 'Ó', 'O'), 'Ú', 'U'), 'Ü', 'U'), 'À', 'A'), 'È', 'E'), 'Ì', 'I'), 'Ò', 'O'), 'Ù', 'U'), 'Ï', 'I'), 'Ñ', 'N'), 'Ç', 'C'), 'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'à', 'a'), 'è', 'e'), 'ì', 'i'), 'ò', 'o'), 'ù', 'u'), 'ï', 'i'), 'ñ', 'n'), 'ç', 'c'), 'I', 'l'), '1', 'l'), '0', 'O')), 'i', 'l'), 'm', 'rn') AS skeleton
  FROM profiles
), firsts AS (
  SELECT user_id, skeleton,
    row_number() OVER (PARTITION BY skeleton ORDER BY created_at, user_id) AS n
  FROM skeletons
)
UPDATE profiles SET username_skeleton = firsts.skeleton
FROM firsts WHERE firsts.user_id = profiles.user_id AND firsts.n = 1;
