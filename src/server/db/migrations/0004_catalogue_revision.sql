CREATE TABLE "catalogue_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "catalogue_revision_one_row" CHECK ("catalogue_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_revision" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Never below the clock in microseconds: a revision a server has seen is not reached again,
  -- not even after a restore of an older database.
  UPDATE "catalogue_revision"
    SET "revision" = greatest("revision" + 1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "departaments_changed" AFTER INSERT OR UPDATE OR DELETE ON "departaments" FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "articles_changed" AFTER INSERT OR UPDATE OR DELETE ON "articles" FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "images_changed" AFTER INSERT OR UPDATE OR DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "departaments_truncated" AFTER TRUNCATE ON "departaments" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "articles_truncated" AFTER TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "images_truncated" AFTER TRUNCATE ON "images" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
