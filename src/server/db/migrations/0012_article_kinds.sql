-- Every article and every ordered item gets its kind; those made before kinds existed get the
-- kind the next steps read from them until now (docs/product.md#d36-next-steps): maintenance by
-- the month, the models of the payment category (12), otherwise print.
ALTER TABLE "articles" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "articles" SET "kind" = CASE WHEN "unit" = 'month' THEN 'maintenance' WHEN "departament_id" = 12 THEN 'website' ELSE 'print' END;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "booking_items" SET "kind" = CASE WHEN "unit" = 'month' THEN 'maintenance' WHEN "departament_id" = 12 THEN 'website' ELSE 'print' END;--> statement-breakpoint
ALTER TABLE "booking_items" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_kind_known" CHECK ("articles"."kind" in ('website', 'maintenance', 'print', 'service'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_maintenance_by_month" CHECK (("articles"."kind" = 'maintenance') = ("articles"."unit" = 'month'));--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_kind_known" CHECK ("booking_items"."kind" in ('website', 'maintenance', 'print', 'service'));
