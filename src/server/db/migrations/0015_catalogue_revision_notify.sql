-- The new revision is also sent on the channel catalogue_changed (at commit, only if the change
-- commits): the embedded database delivers it before the write returns, so a process can keep the
-- revision in memory instead of reading it per request (src/server/db/catalogue-revision.ts).
CREATE OR REPLACE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  -- Never below the clock in microseconds: a revision a server has seen is not reached again,
  -- not even after a restore of an older database.
  UPDATE "catalogue_revision"
    SET "revision" = greatest("revision" + 1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    WHERE "id" = 1
    RETURNING "revision" INTO changed;
  PERFORM pg_notify('catalogue_changed', changed::text);
  RETURN NULL;
END
$$;
