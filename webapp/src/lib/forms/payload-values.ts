import type { Gender } from '@gebere/contract';

/**
 * Reading a payload the outbox kept back into a form's values (a refused record opened to fix
 * it, fix.ts): it was read back from storage, so each field is checked for the type it should
 * have, and an input gets '' for anything else.
 */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
/** An id as a select holds it. */
export const idText = (v: unknown): string => (typeof v === 'number' ? String(v) : '');
export const genderOf = (v: unknown): Gender | '' => (v === 'male' || v === 'female' ? v : '');
