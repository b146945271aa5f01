CREATE TABLE "category_product_counts" (
	"category_key" integer PRIMARY KEY NOT NULL,
	"active" integer NOT NULL
);
