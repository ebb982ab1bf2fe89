import { sql as initial } from './001-initial';
import { sql as notificationDelivery } from './002-notification-delivery';
import { sql as idempotencyKeys } from './003-idempotency-keys';
import { sql as authorization } from './004-authorization';
import { sql as imports } from './005-import';
import { sql as oromoLanguage } from './006-oromo-language';
import { sql as advisoryLabelAm } from './007-advisory-label-am';
import { sql as nationalScale } from './008-national-scale';
import { sql as reportRollups } from './009-report-rollups';
import { sql as fairDelivery } from './010-fair-delivery';
import { sql as reportDigest } from './011-report-digest';
import { sql as engineCounters } from './012-engine-counters';
import { sql as recordPartitions } from './013-record-partitions';
import { sql as reportRegionIndex } from './014-report-region-index';
import { sql as daEnrolment } from './015-da-enrolment';
import { sql as auditTrail } from './016-audit-trail';
import { sql as rateLimits } from './017-rate-limits';
import { sql as notificationPauses } from './018-notification-pauses';
import { sql as oromoContent } from './022-oromo-content';
import { sql as farmerRecords } from './023-farmer-records';
import { sql as auditRowsOnce } from './024-audit-rows-once';

/** Applied in order; a migration is never edited once released, only followed by a new one. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'notification-delivery', sql: notificationDelivery },
  { version: 3, name: 'idempotency-keys', sql: idempotencyKeys },
  { version: 4, name: 'authorization', sql: authorization },
  { version: 5, name: 'import', sql: imports },
  { version: 6, name: 'oromo-language', sql: oromoLanguage },
  { version: 7, name: 'advisory-label-am', sql: advisoryLabelAm },
  { version: 8, name: 'national-scale', sql: nationalScale },
  { version: 9, name: 'report-rollups', sql: reportRollups },
  { version: 10, name: 'fair-delivery', sql: fairDelivery },
  { version: 11, name: 'report-digest', sql: reportDigest },
  { version: 12, name: 'engine-counters', sql: engineCounters },
  { version: 13, name: 'record-partitions', sql: recordPartitions },
  { version: 14, name: 'report-region-index', sql: reportRegionIndex },
  { version: 15, name: 'da-enrolment', sql: daEnrolment },
  { version: 16, name: 'audit-trail', sql: auditTrail },
  { version: 17, name: 'rate-limits', sql: rateLimits },
  { version: 18, name: 'notification-pauses', sql: notificationPauses },
  { version: 22, name: 'oromo-content', sql: oromoContent },
  { version: 23, name: 'farmer-records', sql: farmerRecords },
  { version: 24, name: 'audit-rows-once', sql: auditRowsOnce },
];
