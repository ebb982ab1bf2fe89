// The notification delivery engine; see README.md beside this file.
export { createNotificationEngine, type EngineDeps, type NotificationEngine } from './engine';
export { DELIVERY_CALLBACKS, renderDelivery } from './message';
export { plan } from './planner';
export { deliveryCounts } from './queue';
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
  type EngineClock,
  type EngineOptions,
  manualEngineClock,
  type RunCounts,
  type SendApi,
  systemClock,
} from './types';
