/**
 * Afaan Oromo (`om`) joins the bundled languages (@gebere/i18n): a bot user may choose it. The
 * constraint is 001's, renamed by PostgreSQL's default (`<table>_<column>_check`).
 */
export const sql = /* sql */ `
alter table bot_users drop constraint bot_users_language_check;
alter table bot_users add constraint bot_users_language_check check (language in ('en', 'am', 'om'));
`;
