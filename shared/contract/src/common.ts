import { z } from 'zod';

/** Database ids: positive integers. Query strings carry them as text, so accept digits too. */
export const id = z.coerce.number().int().positive();
export type Id = z.infer<typeof id>;

/**
 * Ids inside JSON bodies: a JSON number only. `id` coerces (query strings and paths carry text),
 * which in a body would take `true` as 1 and `[7]` as 7.
 */
export const bodyId = z.number().int().positive();

/** A required, trimmed, non-empty text of bounded length. */
export const text = (max = 255) => z.string().trim().min(1).max(max);

/** DRF's page shape, returned when `paginate=false` is not given. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * List routes answer a plain array with `paginate=false` and a page otherwise (DRF). The
 * screens always ask for the plain list but read either, as the spec's helpers do.
 */
export const listOrPage = <T extends z.ZodType>(item: T) => z.union([z.array(item), page(item)]);
export function asList<T>(data: T[] | Page<T>): T[] {
  return Array.isArray(data) ? data : data.results;
}

export const paginateQuery = z.object({
  paginate: z.enum(['false', 'true']).optional(),
  page: z.coerce.number().int().positive().optional(),
  page_size: z.coerce.number().int().positive().max(1000).optional(),
});

/** 400 body: `{field: [messages]}`, plus `non_field_errors` for whole-object rules. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;
/** 401/403/404/413/429 body. */
export const detailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailError>;
