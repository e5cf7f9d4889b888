CREATE TABLE `ride_forecasts` (
	`ride_id` text PRIMARY KEY NOT NULL,
	`fetched_hour` integer NOT NULL,
	`start_hour` integer NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`forecast` text,
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ride_series` (
	`id` text PRIMARY KEY NOT NULL,
	`organizer_id` text NOT NULL,
	`every_weeks` integer NOT NULL,
	`anchor_date` text NOT NULL,
	`local_time` text NOT NULL,
	`zone` text NOT NULL,
	`until_date` text,
	`date_count` integer,
	`template` text NOT NULL,
	`last_index` integer DEFAULT -1 NOT NULL,
	`next_start` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`organizer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_series_next_start_idx` ON `ride_series` (`next_start`);--> statement-breakpoint
CREATE INDEX `ride_series_organizer_idx` ON `ride_series` (`organizer_id`);--> statement-breakpoint
CREATE TABLE `ride_series_members` (
	`series_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`series_id`, `user_id`),
	FOREIGN KEY (`series_id`) REFERENCES `ride_series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_series_members_user_idx` ON `ride_series_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `rides` ADD `series_id` text REFERENCES ride_series(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `rides` ADD `series_index` integer;--> statement-breakpoint
ALTER TABLE `rides` ADD `series_every_weeks` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `rides_series_index_unique` ON `rides` (`series_id`,`series_index`);