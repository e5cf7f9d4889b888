CREATE TABLE `group_members` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`joined_at` integer NOT NULL,
	`leader_news` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_members_user_idx` ON `group_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `group_members_group_role_idx` ON `group_members` (`group_id`,`role`);--> statement-breakpoint
CREATE INDEX `group_members_group_joined_idx` ON `group_members` (`group_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `group_members_leader_news_idx` ON `group_members` (`leader_news`);--> statement-breakpoint
CREATE TABLE `group_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_requests_user_group_unique` ON `group_requests` (`user_id`,`group_id`);--> statement-breakpoint
CREATE INDEX `group_requests_group_status_idx` ON `group_requests` (`group_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`name_skeleton` text NOT NULL,
	`city` text NOT NULL,
	`city_key` text NOT NULL,
	`search_text` text NOT NULL,
	`description` text,
	`modalities` text NOT NULL,
	`levels` text NOT NULL,
	`avatar_key` text DEFAULT 'ava01' NOT NULL,
	`join_mode` text DEFAULT 'open' NOT NULL,
	`members_may_publish` integer DEFAULT false NOT NULL,
	`indexable` integer DEFAULT false NOT NULL,
	`invite_token` text,
	`created_by` text,
	`status` text DEFAULT 'active' NOT NULL,
	`archived_at` integer,
	`suspended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_slug_unique` ON `groups` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `groups_name_skeleton_unique` ON `groups` (`name_skeleton`);--> statement-breakpoint
CREATE UNIQUE INDEX `groups_invite_token_unique` ON `groups` (`invite_token`);--> statement-breakpoint
CREATE INDEX `groups_created_by_idx` ON `groups` (`created_by`,`status`);--> statement-breakpoint
CREATE INDEX `groups_status_city_idx` ON `groups` (`status`,`city_key`);--> statement-breakpoint
ALTER TABLE `moderation_actions` ADD `target_group_id` text;--> statement-breakpoint
ALTER TABLE `push_preferences` ADD `group_rides` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `rides` ADD `group_id` text REFERENCES groups(id);--> statement-breakpoint
ALTER TABLE `rides` ADD `group_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `rides_group_start_idx` ON `rides` (`group_id`,`start_time`);--> statement-breakpoint
-- Written by hand (docs/decisions/0054-groups.md). Succession: when the last leader's row goes,
-- however it goes (she leaves, a leader removes her, her suspension, her account's deletion
-- cascading), the longest-standing member becomes leader in the same statement, and leader_news
-- marks her to be told once (whoever claims the mark sends the push).
CREATE TRIGGER `group_members_succession` AFTER DELETE ON `group_members`
WHEN old.`role` = 'leader'
  AND NOT EXISTS (SELECT 1 FROM `group_members` WHERE `group_id` = old.`group_id` AND `role` = 'leader')
BEGIN
  UPDATE `group_members` SET `role` = 'leader', `leader_news` = 1
  WHERE `group_id` = old.`group_id` AND `user_id` = (
    SELECT `user_id` FROM `group_members` WHERE `group_id` = old.`group_id`
    ORDER BY `joined_at`, `user_id` LIMIT 1);
END;
--> statement-breakpoint
-- A group left with no members is archived: its page answers 'not found', its rows stay.
CREATE TRIGGER `group_members_archive_empty` AFTER DELETE ON `group_members`
WHEN NOT EXISTS (SELECT 1 FROM `group_members` WHERE `group_id` = old.`group_id`)
BEGIN
  UPDATE `groups` SET `status` = 'archived', `archived_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `id` = old.`group_id` AND `status` = 'active';
END;
--> statement-breakpoint
-- A pending request ends when she becomes a member, however (an accept, an invitation link, the
-- group opening), as ride requests do (migration 0026).
CREATE TRIGGER `group_members_end_request` AFTER INSERT ON `group_members`
BEGIN
  DELETE FROM `group_requests`
  WHERE `group_id` = new.`group_id` AND `user_id` = new.`user_id` AND `status` = 'pending';
END;
