CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to_email`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`city` text,
	`modalities` text DEFAULT '[]' NOT NULL,
	`avatar_key` text DEFAULT 'ava01' NOT NULL,
	`avatar_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_key_unique` ON `profiles` (`username_key`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`token` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`referee_id` text,
	`claimed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`referee_id`);--> statement-breakpoint
CREATE INDEX `referrals_referee_idx` ON `referrals` (`referee_id`);--> statement-breakpoint
CREATE TABLE `ride_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`ride_id` text NOT NULL,
	`user_id` text,
	`kind` text DEFAULT 'user' NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_messages_ride_created_idx` ON `ride_messages` (`ride_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ride_participants` (
	`ride_id` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer,
	PRIMARY KEY(`ride_id`, `user_id`),
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ride_participants_user_idx` ON `ride_participants` (`user_id`,`ride_id`);--> statement-breakpoint
CREATE TABLE `rides` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`city` text NOT NULL,
	`city_key` text NOT NULL,
	`search_text` text NOT NULL,
	`start_time` integer NOT NULL,
	`max_participants` integer,
	`modality` text NOT NULL,
	`modalities` text NOT NULL,
	`level` text NOT NULL,
	`social_tags` text DEFAULT '[]' NOT NULL,
	`route_km` real,
	`route_elev` integer,
	`meeting_point` text NOT NULL,
	`organizer_id` text,
	`status` text DEFAULT 'published' NOT NULL,
	`cancelled_at` integer,
	`cancel_reason` text,
	`route_gpx_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`organizer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rides_status_start_idx` ON `rides` (`status`,`start_time`);--> statement-breakpoint
CREATE INDEX `rides_status_city_start_idx` ON `rides` (`status`,`city_key`,`start_time`);--> statement-breakpoint
CREATE INDEX `rides_organizer_idx` ON `rides` (`organizer_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `rode_with` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ride_id` text NOT NULL,
	`user_id` text NOT NULL,
	`other_user_id` text NOT NULL,
	`times_rode_with` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ride_id`) REFERENCES `rides`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rode_with_ride_user_other_unique` ON `rode_with` (`ride_id`,`user_id`,`other_user_id`);--> statement-breakpoint
CREATE INDEX `rode_with_user_other_idx` ON `rode_with` (`user_id`,`other_user_id`);--> statement-breakpoint
CREATE INDEX `rode_with_other_idx` ON `rode_with` (`other_user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`google_id` text,
	`full_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);--> statement-breakpoint
CREATE TABLE `waitlist` (
	`email` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`city` text,
	`modalities` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer
);
