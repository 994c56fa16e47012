CREATE TABLE "cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_number" text NOT NULL,
	"booking_id" integer,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"end_date" date,
	"contract_ends_on" date,
	CONSTRAINT "cancellations_kind_known" CHECK ("cancellations"."kind" in ('ordinary', 'extraordinary'))
);
--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellations_booking_idx" ON "cancellations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "cancellations_received_idx" ON "cancellations" USING btree ("received_at");