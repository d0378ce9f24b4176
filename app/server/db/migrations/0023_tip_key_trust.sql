CREATE TABLE "tip_key_notice_dismissals" (
	"user_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_key_notice_dismissals_user_id_key_id_pk" PRIMARY KEY("user_id","key_id")
);
--> statement-breakpoint
ALTER TABLE "tip_keys" ADD COLUMN "signing_public_key" text;--> statement-breakpoint
ALTER TABLE "tip_keys" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "tip_key_notice_dismissals" ADD CONSTRAINT "tip_key_notice_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_key_notice_dismissals" ADD CONSTRAINT "tip_key_notice_dismissals_key_id_tip_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."tip_keys"("id") ON DELETE cascade ON UPDATE no action;