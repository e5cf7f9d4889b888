CREATE INDEX `ride_messages_hidden_idx` ON `ride_messages` (`ride_id`,`created_at`,`id`) WHERE "ride_messages"."hidden_at" is not null;
