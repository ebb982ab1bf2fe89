/**
 * The operator's content in Afaan Oromo beside Amharic: an Oromo reader sees `name_om` (and an
 * advisory's `label_om` and `template_content_om`, a question's `question_om`) where it is
 * written, the English otherwise. Nullable, no default: nothing is rewritten, existing rows keep
 * their English fallback until an import (or the demo seed) gives the Oromo texts.
 */
export const sql = /* sql */ `
alter table da_roles add column name_om text;
alter table value_chain_categories add column name_om text;
alter table value_chains add column name_om text;
alter table practices add column name_om text;
alter table sub_practices add column name_om text;
alter table advisories add column label_om text, add column template_content_om jsonb;
alter table feedback_questions add column question_om text;
alter table feedback_choices add column name_om text;
alter table regions add column name_om text;
alter table zones add column name_om text;
alter table woredas add column name_om text;
alter table kebeles add column name_om text;
`;
