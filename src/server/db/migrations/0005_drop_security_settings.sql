-- login_notifications now lives in notification_settings (copied there by 0004).
DROP TABLE "security_settings" CASCADE;