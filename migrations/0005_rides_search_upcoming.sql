-- The search index keeps only rides the listing can still show: published and started less than
-- a day ago (docs/decisions/0005-ride-search-fts.md). Cancelled, closed and completed rides leave
-- it at once through these triggers; rides that start drop out with the daily cron
-- (worker/rides/search-index.ts). Search then costs with the upcoming rides, not with history.
DROP TRIGGER `rides_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `rides_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `rides_fts_after_insert` AFTER INSERT ON `rides`
WHEN new.`status` = 'published' AND new.`start_time` >= unixepoch('subsec') * 1000 - 86400000 BEGIN
  INSERT INTO `rides_fts` (`rowid`, `ride_id`, `body`) VALUES (new.rowid, new.id, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `rides_fts_after_update` AFTER UPDATE OF `search_text`, `status`, `start_time` ON `rides` BEGIN
  DELETE FROM `rides_fts` WHERE `rowid` = old.rowid;
  INSERT INTO `rides_fts` (`rowid`, `ride_id`, `body`)
    SELECT new.rowid, new.id, new.search_text
    WHERE new.`status` = 'published' AND new.`start_time` >= unixepoch('subsec') * 1000 - 86400000;
END;
--> statement-breakpoint
DELETE FROM `rides_fts` WHERE `rowid` IN (
  SELECT `rowid` FROM `rides`
  WHERE `status` != 'published' OR `start_time` < unixepoch('subsec') * 1000 - 86400000);
