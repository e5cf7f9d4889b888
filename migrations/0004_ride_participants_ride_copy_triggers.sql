-- Keeps ride_participants.ride_start_time and ride_status equal to the ride's own columns
-- (docs/decisions/0015-her-rides-index.md). Triggers, not app code: every writer of rides or
-- participations (routes, account deletion, dev fixtures, seed and bench scripts) stays correct.
UPDATE `ride_participants` SET (`ride_start_time`, `ride_status`) =
  (SELECT `start_time`, `status` FROM `rides` WHERE `rides`.`id` = `ride_participants`.`ride_id`);
--> statement-breakpoint
CREATE TRIGGER `ride_participants_copy_ride_after_insert` AFTER INSERT ON `ride_participants` BEGIN
  UPDATE `ride_participants` SET (`ride_start_time`, `ride_status`) =
    (SELECT `start_time`, `status` FROM `rides` WHERE `id` = new.`ride_id`)
  WHERE `rowid` = new.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `rides_copy_to_participants_after_update` AFTER UPDATE OF `start_time`, `status` ON `rides`
WHEN old.`start_time` IS NOT new.`start_time` OR old.`status` IS NOT new.`status` BEGIN
  UPDATE `ride_participants` SET `ride_start_time` = new.`start_time`, `ride_status` = new.`status`
  WHERE `ride_id` = new.`id`;
END;
