-- The response bit strings replace the co-occurrence roll-up (docs/analytics.md "Response bit
-- strings"): one restriction item over a single-valued question is served by them as every other
-- filter the roll-ups cannot serve is. RollupCoAnswerDay cost ~1.9 KB of disk per response (36 %
-- of our total at 1 M responses) and a pair upsert per answer pair in the applier.
--
-- Organisations not built yet (they had responses before the bit strings came) are built in the
-- background by the roll-up applier, a step at a time (response-bits.ts buildBitsStep): where the
-- last step stopped, by creation time and response id.
ALTER TABLE "ResponseBitsState" ADD COLUMN "buildAfter" TIMESTAMPTZ(6),
ADD COLUMN "buildAfterId" VARCHAR(24);

-- The clean-up triggers' functions, as before the co-occurrence roll-up came (20261122171024), so
-- that they no longer name the table dropped below.
CREATE OR REPLACE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupAnswerHour" WHERE "questionId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "questionId" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  RETURN OLD;
END $$;

DROP TABLE "RollupCoAnswerDay";
