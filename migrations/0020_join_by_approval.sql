CREATE TABLE `ride_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`ride_id` text NOT NULL,
	`user_id` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ride_requests_user_ride_unique` ON `ride_requests` (`user_id`,`ride_id`);--> statement-breakpoint
CREATE INDEX `ride_requests_ride_status_idx` ON `ride_requests` (`ride_id`,`status`,`created_at`);--> statement-breakpoint
DROP INDEX `rides_status_meeting_pin_idx`;--> statement-breakpoint
ALTER TABLE `rides` ADD `join_mode` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `rides` ADD `meeting_area_lat` real;--> statement-breakpoint
ALTER TABLE `rides` ADD `meeting_area_lon` real;--> statement-breakpoint
CREATE INDEX `rides_status_meeting_pin_idx` ON `rides` (`status`,`meeting_lat`,`meeting_lon`,`start_time`,`join_mode`,`meeting_area_lat`,`meeting_area_lon`);--> statement-breakpoint
-- A cancelled ride's requests are cleared, whoever cancels it (the organizer, her account's
-- deletion or suspension): a trigger, so no cancelling path can forget them
-- (docs/decisions/0036-join-by-approval.md).
CREATE TRIGGER `rides_clear_requests_after_cancel` AFTER UPDATE OF `status` ON `rides`
WHEN new.`status` = 'cancelled' AND old.`status` IS NOT 'cancelled' BEGIN
  DELETE FROM `ride_requests` WHERE `ride_id` = new.`id`;
END;
