/** What the profile feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { accountLanguage } from './account-language';
export { toUser, type UserLike } from './user-dto';
