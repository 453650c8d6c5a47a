-- Issue 18, item 2: every api process keeps the authenticated viewer's access data in memory
-- (api/src/auth/access-cache.ts). Any write that can change who someone is, what they may do, or
-- whether a credential still holds, tells every process on channel "access_changed" (after commit):
-- a JSON object naming the users ("u"), organisations ("o") and sign-in grants ("g") touched, or
-- {"all": true} when it cannot say (a feature set changed, or too many ids for one message).
-- Statement-level triggers with transition tables: one message per statement, not per row.

CREATE OR REPLACE FUNCTION access_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV: the key kind ("u", "o" or "g") and the column that holds it, in pairs; "all" alone.
  message jsonb := '{}'::jsonb;
  ids jsonb;
  i int := 0;
  source text;
  named boolean := false;
BEGIN
  IF TG_ARGV[0] = 'all' THEN
    PERFORM pg_notify('access_changed', '{"all":true}');
    RETURN NULL;
  END IF;
  WHILE i < TG_NARGS LOOP
    ids := '[]'::jsonb;
    FOREACH source IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['old_rows', 'new_rows'] END) LOOP
      EXECUTE format('SELECT coalesce(jsonb_agg(DISTINCT k), ''[]''::jsonb) FROM (SELECT %s AS k FROM %I) x WHERE k IS NOT NULL', TG_ARGV[i + 1], source)
        INTO STRICT ids;
      named := named OR jsonb_array_length(ids) > 0;
      message := message || jsonb_build_object(TG_ARGV[i], coalesce(message -> TG_ARGV[i], '[]'::jsonb) || ids);
    END LOOP;
    i := i + 2;
  END LOOP;
  IF length(message::text) > 7000 THEN
    message := '{"all":true}'::jsonb;
  END IF;
  IF named THEN
    PERFORM pg_notify('access_changed', message::text);
  END IF;
  RETURN NULL;
END $$;

-- Updates of some columns only (ApiKey, Touchpoint): PostgreSQL has no transition tables for
-- column-list triggers, so a row trigger whose WHEN clause keeps it to those columns. TG_ARGV: the
-- key kind and column name, in pairs.
CREATE OR REPLACE FUNCTION access_changed_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message jsonb := '{}'::jsonb;
  i int := 0;
BEGIN
  WHILE i < TG_NARGS LOOP
    message := message || jsonb_build_object(TG_ARGV[i],
      (SELECT coalesce(jsonb_agg(DISTINCT k), '[]'::jsonb)
         FROM (VALUES (to_jsonb(OLD) ->> TG_ARGV[i + 1]), (to_jsonb(NEW) ->> TG_ARGV[i + 1])) v(k) WHERE k IS NOT NULL));
    i := i + 2;
  END LOOP;
  PERFORM pg_notify('access_changed', message::text);
  RETURN NULL;
END $$;

-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE TRIGGER access_changed_ins AFTER INSERT ON "User" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', 'id');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "User" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', 'id');
CREATE TRIGGER access_changed_del AFTER DELETE ON "User" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', 'id');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "Membership" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"', 'o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Membership" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"', 'o', '"organizationId"');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Membership" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"', 'o', '"organizationId"');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "UnitRole" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "UnitRole" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"');
CREATE TRIGGER access_changed_del AFTER DELETE ON "UnitRole" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "Unit" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Unit" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Unit" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "Organization" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', 'id');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Organization" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', 'id');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Organization" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', 'id');

-- A plan's features reach every organisation on it: rare, so everything is dropped.
CREATE TRIGGER access_changed_any AFTER INSERT OR UPDATE OR DELETE ON "FeatureSet" FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('all');

-- Not on lastUsedAt alone (written at most once a minute per key while it is used).
CREATE TRIGGER access_changed_ins AFTER INSERT ON "ApiKey" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"', 'o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "ApiKey" FOR EACH ROW
  WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."keyHash" IS DISTINCT FROM NEW."keyHash"
        OR OLD."userId" IS DISTINCT FROM NEW."userId" OR OLD."organizationId" IS DISTINCT FROM NEW."organizationId")
  EXECUTE FUNCTION access_changed_notify_row('u', 'userId', 'o', 'organizationId');
CREATE TRIGGER access_changed_del AFTER DELETE ON "ApiKey" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', '"userId"', 'o', '"organizationId"');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "Subscription" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Subscription" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Subscription" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');

-- The current user's answer lists the touchpoints of their teams and the seats pending invitations
-- take; not on the counters (responseCount, lastFeedbackAt, lastSeenAt) written while responses arrive.
CREATE TRIGGER access_changed_ins AFTER INSERT ON "Touchpoint" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Touchpoint" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.type IS DISTINCT FROM NEW.type OR OLD.deleted IS DISTINCT FROM NEW.deleted
        OR OLD."unitId" IS DISTINCT FROM NEW."unitId" OR OLD."organizationId" IS DISTINCT FROM NEW."organizationId")
  EXECUTE FUNCTION access_changed_notify_row('o', 'organizationId');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Touchpoint" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');

CREATE TRIGGER access_changed_ins AFTER INSERT ON "Invite" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Invite" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');
CREATE TRIGGER access_changed_del AFTER DELETE ON "Invite" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('o', '"organizationId"');

-- Impersonation: the admin's viewer follows the latest "impersonation.start" row (the admin's own
-- User row changes with it, but a new start row for the same target changes the organisation).
CREATE TRIGGER access_changed_ins AFTER INSERT ON "AuditLog" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('u', 'CASE WHEN action LIKE ''impersonation.%'' THEN "actorUserId" END');

-- Sign-out and revocation: the embedded provider deletes the grant of the session's tokens; an
-- access token names its grant (claim "gid"), and a cached one is dropped with it.
CREATE TRIGGER access_changed_del AFTER DELETE ON "OidcPayload" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION access_changed_notify('g', 'CASE WHEN type = ''Grant'' THEN id END');
