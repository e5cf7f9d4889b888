-- Indexed text search for the ride listing (docs/decisions/0005-ride-search-fts.md).
-- A trigram FTS5 index over rides.search_text (normalizeText(title + ' ' + city)) answers
-- "contains" queries of 3+ characters through the index; its rowid mirrors rides.rowid so the
-- triggers maintain it with point lookups.
CREATE VIRTUAL TABLE `rides_fts` USING fts5(`ride_id` UNINDEXED, `body`, tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `rides_fts_after_insert` AFTER INSERT ON `rides` BEGIN
  INSERT INTO `rides_fts` (`rowid`, `ride_id`, `body`) VALUES (new.rowid, new.id, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `rides_fts_after_delete` AFTER DELETE ON `rides` BEGIN
  DELETE FROM `rides_fts` WHERE `rowid` = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `rides_fts_after_update` AFTER UPDATE OF `search_text` ON `rides` BEGIN
  DELETE FROM `rides_fts` WHERE `rowid` = old.rowid;
  INSERT INTO `rides_fts` (`rowid`, `ride_id`, `body`) VALUES (new.rowid, new.id, new.search_text);
END;
--> statement-breakpoint
INSERT INTO `rides_fts` (`rowid`, `ride_id`, `body`) SELECT `rowid`, `id`, `search_text` FROM `rides`;
