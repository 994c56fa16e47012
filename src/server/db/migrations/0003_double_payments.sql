ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_unique";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "capture_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_settled_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'settled';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('settled', 'refund_due'));