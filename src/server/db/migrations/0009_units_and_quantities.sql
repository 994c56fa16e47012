ALTER TABLE "articles" ADD COLUMN "unit" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "unit" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "quantity" numeric(9, 2) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "line_cents" bigint;--> statement-breakpoint
-- Items ordered before quantities existed were one of each at their price.
UPDATE "booking_items" SET "line_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "booking_items" ALTER COLUMN "line_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "renewal_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "quantity" numeric(9, 2) DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_items_renewal_due_idx" ON "booking_items" USING btree ("departure_date") WHERE "booking_items"."unit" = 'month' and "booking_items"."renewal_reminded_at" is null;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_unit_known" CHECK ("articles"."unit" in ('flat', 'month', 'piece', 'sqm', 'hour'));--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_unit_known" CHECK ("booking_items"."unit" in ('flat', 'month', 'piece', 'sqm', 'hour'));--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_quantity_positive" CHECK ("booking_items"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_quantity_positive" CHECK ("cart_entries"."quantity" > 0);