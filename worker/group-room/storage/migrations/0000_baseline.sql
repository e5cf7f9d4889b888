CREATE TABLE `chat_pace` (
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`)
);
