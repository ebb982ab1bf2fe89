// What the tools (scripts/data-import) and the journeys read of the seed data.
export {
  ADMIN_FILES,
  type AdminData,
  type Kebele,
  loadAdminData,
  type Region,
  type Woreda,
  type Zone,
} from './admin-data';
export { DEMO_REPORTER_TELEGRAM_ID } from './demo/chat-users';
export { DEMO_PLACES } from './demo-content';
export { SAMPLE_KINDS } from './samples';
