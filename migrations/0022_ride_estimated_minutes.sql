-- 'Duración estimada' of a ride in minutes (the safety timer asks at start + this + 1 h); null: derived from distance and level.
ALTER TABLE `rides` ADD `estimated_minutes` integer;