// The notification delivery engine; see README.md beside this file.
export { foldCounts, queuedTotal } from './counts';
export { digestWeek } from './digest';
export { CHART_HEIGHT, CHART_WIDTH } from './digest-chart';
export { createNotificationEngine, type EngineDeps, type NotificationEngine } from './engine';
export { DELIVERY_CALLBACKS, makeLinker, renderDelivery } from './message';
export { FINGERPRINT, plan, sweep } from './planner';
export { claim, deliveryCounts, nextEligible } from './queue';
export { countRecipients, RECIPIENTS_WHERE } from './recipients';
export { DELIVERY_RETENTION_MS, prune } from './retention';
export {
  firstOccurrence,
  latestDue,
  occurrence,
  occurrenceAfter,
  type Schedule,
  scheduleOf,
} from './schedule';
export { type RunningNotifications, startNotifications } from './start';
export {
  DEFAULT_ENGINE_OPTIONS,
  type DeliveryContext,
  type EngineClock,
  type EngineOptions,
  emptyCounts,
  manualEngineClock,
  type RunCounts,
  type SendApi,
  systemClock,
} from './types';
