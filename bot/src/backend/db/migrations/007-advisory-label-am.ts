/**
 * Advisories get an Amharic label beside their Amharic text, so an Amharic reader sees a title
 * in Ethiopic script (the import's `label_am` column).
 */
export const sql = /* sql */ `
alter table advisories add column label_am text;
`;
