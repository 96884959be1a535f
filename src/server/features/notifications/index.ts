/** What the notifications feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { deliveryEmails, type WeeklyInsights } from './delivery-emails';
export { weeklyInsightsMoment } from './delivery-schedule';
export { type DeliveryLogger, deliverySettings, purgeOldDeliveries } from './notification-delivery';
export { notify, type NotifyContext, notifyEach } from './notify';
