CREATE TABLE `ride_level_answers` (
	`ride_id` text NOT NULL,
	`user_id` text NOT NULL,
	`pace` text,
	`waited_for_all` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`ride_id`, `user_id`),
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_level_answers_user_idx` ON `ride_level_answers` (`user_id`);--> statement-breakpoint
CREATE TABLE `ride_waiting_list` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ride_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_waiting_list_ride_idx` ON `ride_waiting_list` (`ride_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ride_waiting_list_user_ride_unique` ON `ride_waiting_list` (`user_id`,`ride_id`);--> statement-breakpoint
CREATE INDEX `rides_status_meeting_pin_idx` ON `rides` (`status`,`meeting_lat`,`meeting_lon`,`start_time`);