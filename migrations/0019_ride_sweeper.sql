-- The escoba (sweeper) of a ride: one participant the organizer names. SET NULL when her account is deleted.
ALTER TABLE `rides` ADD `sweeper_id` text REFERENCES users(id) ON DELETE SET NULL;
