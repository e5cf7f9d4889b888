CREATE TABLE `verified_riders` (
	`user_id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`seeded_by` text,
	`verified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seeded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `vouches` (
	`voucher_id` text NOT NULL,
	`vouchee_id` text NOT NULL,
	`ride_id` text NOT NULL,
	`given_at` integer NOT NULL,
	`withdrawn_at` integer,
	PRIMARY KEY(`voucher_id`, `vouchee_id`),
	FOREIGN KEY (`voucher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vouchee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vouches_vouchee_idx` ON `vouches` (`vouchee_id`,`withdrawn_at`);--> statement-breakpoint
ALTER TABLE `rides` ADD `verified_only` integer DEFAULT false NOT NULL;