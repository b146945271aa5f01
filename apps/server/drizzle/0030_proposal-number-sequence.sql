CREATE SEQUENCE "public"."proposal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Until now a proposal's number was its first version's id: the sequence goes on after the highest number the
-- proposals have, so an upgraded shop never gives a number twice (a shop with none starts at P-000001).
SELECT setval('"public"."proposal_number_seq"', coalesce(max(substring("number" from '^P-([0-9]+)$')::bigint), 0) + 1, false) FROM "proposals";
