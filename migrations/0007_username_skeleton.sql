ALTER TABLE `profiles` ADD `username_skeleton` text;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_skeleton_unique` ON `profiles` (`username_skeleton`);