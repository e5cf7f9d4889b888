DROP INDEX `ride_participants_user_idx`;--> statement-breakpoint
ALTER TABLE `ride_participants` ADD `ride_start_time` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ride_participants` ADD `ride_status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
CREATE INDEX `ride_participants_user_start_idx` ON `ride_participants` (`user_id`,`ride_start_time`,`ride_status`,`ride_id`);