CREATE TABLE `group_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`user_id` text,
	`kind` text DEFAULT 'user' NOT NULL,
	`body` text NOT NULL,
	`hidden_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_messages_group_created_idx` ON `group_messages` (`group_id`,`created_at`,`id`,`user_id`);--> statement-breakpoint
ALTER TABLE `group_members` ADD `chat_seen_at` integer;