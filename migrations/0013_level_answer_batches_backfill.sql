-- The first published snapshot of honest levels (docs/decisions/0030-honest-levels-in-batches.md):
-- per organizer and question, the answers that exist form her first batch if they are a batch by
-- the rule (domain/constants.ts: answers from at least 3 riders about at least 2 of her rides);
-- otherwise they wait, as new answers do, for the answers that complete one.
INSERT INTO organizer_levels (organizer_id, pace_softer, pace_as_announced, pace_harder, updated_at)
SELECT r.organizer_id,
  sum(a.pace = 'softer'), sum(a.pace = 'as_announced'), sum(a.pace = 'harder'),
  cast(unixepoch('subsec') * 1000 AS integer)
FROM ride_level_answers a JOIN rides r ON r.id = a.ride_id
WHERE a.pace IS NOT NULL
GROUP BY r.organizer_id
HAVING count(DISTINCT a.user_id) >= 3 AND count(DISTINCT a.ride_id) >= 2;
--> statement-breakpoint
INSERT INTO organizer_levels (organizer_id, waited_yes, waited_no, updated_at)
SELECT r.organizer_id,
  sum(a.waited_for_all = 1), sum(a.waited_for_all = 0),
  cast(unixepoch('subsec') * 1000 AS integer)
FROM ride_level_answers a JOIN rides r ON r.id = a.ride_id
WHERE a.waited_for_all IS NOT NULL
GROUP BY r.organizer_id
HAVING count(DISTINCT a.user_id) >= 3 AND count(DISTINCT a.ride_id) >= 2
ON CONFLICT (organizer_id) DO UPDATE SET
  waited_yes = excluded.waited_yes, waited_no = excluded.waited_no;
--> statement-breakpoint
-- A question's totals are non-zero exactly when its answers were published above.
UPDATE ride_level_answers SET pace_published = 1
WHERE pace IS NOT NULL AND ride_id IN (
  SELECT r.id FROM rides r JOIN organizer_levels l ON l.organizer_id = r.organizer_id
  WHERE l.pace_softer + l.pace_as_announced + l.pace_harder > 0);
--> statement-breakpoint
UPDATE ride_level_answers SET waited_published = 1
WHERE waited_for_all IS NOT NULL AND ride_id IN (
  SELECT r.id FROM rides r JOIN organizer_levels l ON l.organizer_id = r.organizer_id
  WHERE l.waited_yes + l.waited_no > 0);
