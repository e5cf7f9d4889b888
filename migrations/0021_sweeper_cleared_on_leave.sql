-- The escoba is a participant: when her participation ends (she leaves, the organizer removes her,
-- a suspension takes her off the ride), the ride has no escoba until the organizer names another.
CREATE TRIGGER `ride_participants_clear_sweeper` AFTER DELETE ON `ride_participants`
BEGIN
  UPDATE `rides` SET `sweeper_id` = NULL WHERE `id` = OLD.`ride_id` AND `sweeper_id` = OLD.`user_id`;
END;
