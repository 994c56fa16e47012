CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"respond_by" timestamp with time zone,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id"),
	CONSTRAINT "disputes_status_known" CHECK ("disputes"."status" in ('open', 'won', 'lost')),
	CONSTRAINT "disputes_provider_known" CHECK ("disputes"."provider" in ('stripe', 'paypal'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_known";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "declined_captures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_booking_idx" ON "disputes" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_known" CHECK ("bookings"."status" in ('pending_payment', 'processing', 'paid', 'disputed', 'charged_back', 'refunded', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('settled', 'refund_due', 'refunded', 'charged_back'));