CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_number" text NOT NULL,
	"reason" text NOT NULL,
	"booking_id" integer
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_booking_idx" ON "withdrawals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "withdrawals_received_idx" ON "withdrawals" USING btree ("received_at");