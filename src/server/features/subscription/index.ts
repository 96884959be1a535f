/** What the subscription feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { readSubscription, requireFeature } from './subscriptions';
export { ownerGoalCount } from './subscription.service';
