ALTER TABLE "retired_refresh_tokens" RENAME COLUMN "session_id" TO "session_id_hash";--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "id" TO "id_hash";--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" DROP CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk";
--> statement-breakpoint
-- Data (written by hand, between dropping and adding the foreign key): the session ids stored so far
-- become their SHA-256 in hex, as the server computes it (src/server/features/accounts/secrets.ts).
-- Access tokens carry the id itself, so the sessions of logged-in users go on.
UPDATE "sessions" SET "id_hash" = encode(sha256(convert_to("id_hash", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "retired_refresh_tokens" SET "session_id_hash" = encode(sha256(convert_to("session_id_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE cascade;
