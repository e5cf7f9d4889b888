-- A request ends when she becomes a participant, however that happens (an accept, 'UNIRME' once
-- the ride is open, 'Apuntarme a las próximas', a waiting-list promotion, a date the cron creates
-- for a follower…): a trigger, so no path that adds her can leave a request behind for the
-- organizer to answer, or a decline that would keep her from asking again once she has left
-- (docs/decisions/0036-join-by-approval.md). Requests left behind before this are cleared.
DELETE FROM `ride_requests` WHERE EXISTS (SELECT 1 FROM `ride_participants`
  WHERE `ride_participants`.`ride_id` = `ride_requests`.`ride_id`
    AND `ride_participants`.`user_id` = `ride_requests`.`user_id`);
--> statement-breakpoint
CREATE TRIGGER `ride_participants_end_request` AFTER INSERT ON `ride_participants` BEGIN
  DELETE FROM `ride_requests` WHERE `ride_id` = new.`ride_id` AND `user_id` = new.`user_id`;
END;
