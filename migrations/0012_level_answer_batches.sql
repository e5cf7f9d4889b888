CREATE TABLE `organizer_levels` (
	`organizer_id` text PRIMARY KEY NOT NULL,
	`pace_softer` integer DEFAULT 0 NOT NULL,
	`pace_as_announced` integer DEFAULT 0 NOT NULL,
	`pace_harder` integer DEFAULT 0 NOT NULL,
	`waited_yes` integer DEFAULT 0 NOT NULL,
	`waited_no` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organizer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `ride_level_answers` ADD `pace_published` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ride_level_answers` ADD `waited_published` integer DEFAULT false NOT NULL;