ALTER TABLE `rides` ADD `meeting_lat` real;--> statement-breakpoint
ALTER TABLE `rides` ADD `meeting_lon` real;--> statement-breakpoint
ALTER TABLE `rides` ADD `route_file_name` text;