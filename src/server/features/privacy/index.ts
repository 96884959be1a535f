/** What the privacy feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { purgeExpiredExports } from './export.service';
