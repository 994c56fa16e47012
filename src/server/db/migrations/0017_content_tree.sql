CREATE TABLE "content_files" (
	"path" text PRIMARY KEY NOT NULL,
	"contents" "bytea" NOT NULL,
	"sha" text NOT NULL,
	"revision_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reads" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"files" jsonb NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"contents" "bytea",
	"sha" text,
	"saved_by" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_release" (
	"id" integer PRIMARY KEY NOT NULL,
	"release_id" text,
	"switched_at" timestamp with time zone,
	"publishing_since" timestamp with time zone,
	CONSTRAINT "live_release_one_row" CHECK ("live_release"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" text PRIMARY KEY NOT NULL,
	"archive_sha256" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	"files" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_release" ADD CONSTRAINT "live_release_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_path_idx" ON "content_revisions" USING btree ("path","id");--> statement-breakpoint
-- The one row of live_release, which every replica reads and a publish claims.
INSERT INTO "live_release" ("id") VALUES (1);