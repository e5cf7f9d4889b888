ALTER TABLE `rides` ADD `create_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `rides_organizer_create_key_unique` ON `rides` (`organizer_id`,`create_key`);