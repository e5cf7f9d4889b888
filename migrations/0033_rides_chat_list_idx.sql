-- Her chat list reads each of her rides' title, start and time zone (and its organizer, for the
-- unread rule) from these entries instead of the ride's row (worker/chat/unread.ts, ADR 0059).
CREATE INDEX `rides_chat_list_idx` ON `rides` (`id`,`title`,`start_time`,`time_zone`,`organizer_id`);
