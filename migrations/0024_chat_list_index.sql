DROP INDEX `ride_messages_ride_created_idx`;--> statement-breakpoint
CREATE INDEX `ride_messages_ride_created_idx` ON `ride_messages` (`ride_id`,`created_at`,`id`,`user_id`,`kind`);