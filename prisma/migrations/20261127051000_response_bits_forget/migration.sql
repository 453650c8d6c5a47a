-- The response bit strings forget what is deleted, as the roll-ups do (20261122171024): deleting a
-- survey or a touchpoint deletes its responses (cascade), so their bits are cleared in every string of
-- the blocks that held them (each string AND NOT the survey's or touchpoint's own string, read before
-- the update); a deleted question's answer strings and a deleted organisation's rows go.
CREATE FUNCTION "response_bits_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 's' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 's' AND "value" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Survey_response_bits_forget" AFTER DELETE ON "Survey" FOR EACH ROW EXECUTE FUNCTION "response_bits_forget_survey"();

CREATE FUNCTION "response_bits_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 't' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 't' AND "value" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Touchpoint_response_bits_forget" AFTER DELETE ON "Touchpoint" FOR EACH ROW EXECUTE FUNCTION "response_bits_forget_touchpoint"();

CREATE FUNCTION "response_bits_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 'a:' || OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Question_response_bits_forget" AFTER DELETE ON "Question" FOR EACH ROW EXECUTE FUNCTION "response_bits_forget_question"();

CREATE FUNCTION "response_bits_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."id";
  DELETE FROM "ResponseOrdinal" WHERE "organizationId" = OLD."id";
  DELETE FROM "ResponseBitsState" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Organization_response_bits_forget" AFTER DELETE ON "Organization" FOR EACH ROW EXECUTE FUNCTION "response_bits_forget_organization"();
