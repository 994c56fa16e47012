CREATE TABLE "item_materials" (
	"booking_item_id" integer PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_item_id" integer NOT NULL,
	"slot" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"analysis" jsonb,
	"accepted_at" timestamp with time zone,
	"accepted_for" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_files_blob_key_unique" UNIQUE("blob_key"),
	CONSTRAINT "material_files_slot_known" CHECK ("material_files"."slot" in ('text', 'logo', 'photo', 'print', 'briefing')),
	CONSTRAINT "material_files_type_known" CHECK ("material_files"."file_type" in ('pdf', 'jpeg', 'png', 'tiff', 'docx', 'txt'))
);
--> statement-breakpoint
CREATE TABLE "material_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_item_id" integer NOT NULL,
	"slot" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_uploads_slot_known" CHECK ("material_uploads"."slot" in ('text', 'logo', 'photo', 'print', 'briefing')),
	CONSTRAINT "material_uploads_received_in_size" CHECK ("material_uploads"."received" between 0 and "material_uploads"."size")
);
--> statement-breakpoint
CREATE TABLE "order_progress" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_over_at" timestamp with time zone,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"site_url" text DEFAULT '' NOT NULL,
	"started_on" date,
	"note" text DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"files_removed_at" timestamp with time zone,
	CONSTRAINT "order_progress_step_known" CHECK ("order_progress"."step" in ('materials_missing', 'materials_complete', 'in_progress', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "item_materials" ADD CONSTRAINT "item_materials_booking_item_id_booking_items_id_fk" FOREIGN KEY ("booking_item_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_materials" ADD CONSTRAINT "item_materials_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_files" ADD CONSTRAINT "material_files_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_files" ADD CONSTRAINT "material_files_booking_item_id_booking_items_id_fk" FOREIGN KEY ("booking_item_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_booking_item_id_booking_items_id_fk" FOREIGN KEY ("booking_item_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_file_id_material_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."material_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_progress" ADD CONSTRAINT "order_progress_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_materials_booking_idx" ON "item_materials" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "material_files_booking_idx" ON "material_files" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "material_files_item_idx" ON "material_files" USING btree ("booking_item_id","slot");--> statement-breakpoint
CREATE INDEX "material_uploads_booking_idx" ON "material_uploads" USING btree ("booking_id");--> statement-breakpoint
-- Orders paid before materials existed get their progress as a new one would (waiting for
-- materials unless it is consulting or design only), already reminded: they were handled by mail.
INSERT INTO "order_progress" ("booking_id", "step", "since", "reminded_at")
SELECT "b"."id",
  CASE WHEN EXISTS (
    SELECT 1 FROM "booking_items" "i" WHERE "i"."booking_id" = "b"."id"
      AND ("i"."kind" IN ('website', 'maintenance') OR ("i"."kind" = 'print' AND "i"."unit" <> 'hour'))
  ) THEN 'materials_missing' ELSE 'materials_complete' END,
  "b"."paid_at", now()
FROM "bookings" "b" WHERE "b"."paid_at" IS NOT NULL;
