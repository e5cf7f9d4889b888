-- A ride's clock is stored with it (docs/decisions/0042-a-rides-zone-is-stored.md). New rides get
-- their zone from the meeting pin on the server; rides stored before this take their city's, as
-- domain/cities.ts maps it (cityTimeZone): the zones off mainland Spain's by city key, a town named
-- with its Canary island on Canary time, everything else Europe/Madrid. A pin outside Spain cannot
-- be looked up in SQL: such a ride keeps its city's zone until it is edited.
-- tests/worker/ride-time-zone.test.ts runs this backfill over every city of the list.
ALTER TABLE `rides` ADD `time_zone` text DEFAULT 'Europe/Madrid' NOT NULL;--> statement-breakpoint
UPDATE `rides` SET `time_zone` = CASE
  WHEN `city_key` IN ('adeje', 'arona', 'arrecife', 'las palmas de gran canaria', 'puerto de la cruz', 'puerto del rosario', 'san cristobal de la laguna', 'santa cruz de la palma', 'santa cruz de tenerife', 'telde') THEN 'Atlantic/Canary'
  WHEN `city_key` IN ('ceuta', 'melilla') THEN 'Africa/Ceuta'
  WHEN `city_key` IN ('andorra la vella', 'canillo', 'encamp', 'escaldes-engordany', 'la massana', 'ordino', 'sant julia de loria') THEN 'Europe/Andorra'
  WHEN ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]gran canaria[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]tenerife[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]lanzarote[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]fuerteventura[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]la gomera[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]el hierro[^a-z0-9_]*'
    OR ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]la graciosa[^a-z0-9_]*'
    OR (' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]la palma[^a-z0-9_]*'
      AND NOT ' ' || `city_key` || ' ' GLOB '*[^a-z0-9_]la palma del condado*') THEN 'Atlantic/Canary'
  ELSE 'Europe/Madrid'
END;
