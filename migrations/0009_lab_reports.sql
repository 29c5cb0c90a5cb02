ALTER TABLE `products` ADD `lab_report_key` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_report_name` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_report_type` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_report_size` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_name` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_test_date` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_batch` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_thc_percent` real;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_cbd_percent` real;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_total_cannabinoids_percent` real;