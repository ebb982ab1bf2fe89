// What other packages' tests (the operator journeys in scripts/e2e) use of the bot's test kit.
export { fingerprint } from './fingerprint';
export { postgresSkipReason, postgresUrl } from './postgres';
export { seededPglite } from './template';
export { xlsxBomb } from './xlsx-bomb';
