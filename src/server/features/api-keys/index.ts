/** What the api-keys feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { purgeOldApiKeyUses } from './api-keys.service';
