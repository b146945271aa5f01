CREATE TABLE "notification_unread_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread" integer NOT NULL
);
