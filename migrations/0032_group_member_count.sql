DROP INDEX `groups_status_city_idx`;--> statement-breakpoint
ALTER TABLE `groups` ADD `member_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `groups_status_city_size_idx` ON `groups` (`status`,`city_key`,"member_count" desc,`id`);--> statement-breakpoint
-- Written by hand (drizzle does not write triggers or backfills): member_count follows every row
-- that enters or leaves group_members, whatever statement does it (a join, an accept, a removal,
-- a deletion cascading from an account), so no code path has to remember it.
UPDATE `groups` SET `member_count` = (
  SELECT count(*) FROM `group_members` WHERE `group_members`.`group_id` = `groups`.`id`);--> statement-breakpoint
CREATE TRIGGER `group_members_count_join` AFTER INSERT ON `group_members`
BEGIN
  UPDATE `groups` SET `member_count` = `member_count` + 1 WHERE `id` = new.`group_id`;
END;--> statement-breakpoint
CREATE TRIGGER `group_members_count_leave` AFTER DELETE ON `group_members`
BEGIN
  UPDATE `groups` SET `member_count` = `member_count` - 1 WHERE `id` = old.`group_id`;
END;
