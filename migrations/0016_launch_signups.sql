-- The landing's sign-ups for the app's launch ("lista de espera", worker/launch-signups/) were the
-- table `waitlist`, a name too close to a ride's waiting list (`ride_waiting_list`). A rename
-- keeps every row; its primary-key index follows the table.
ALTER TABLE `waitlist` RENAME TO `launch_signups`;
