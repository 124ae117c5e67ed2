import { z } from 'zod';

/** A DRF-style page of results, given the schema of one result: what every paged list of the API answers. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** A DRF-style page of results. */
export type Page<T> = z.infer<ReturnType<typeof pageSchema<z.ZodType<T>>>>;

/**
 * A page of a back-office list. The lists that stop counting at a cap say so with `count_capped`, and `count`
 * is then the cap; the others leave it out.
 */
export const adminListPageSchema = <T extends z.ZodType>(item: T) =>
  pageSchema(item).extend({ count_capped: z.boolean().optional() });

/** A page of a back-office list. */
export type AdminListPage<T> = z.infer<ReturnType<typeof adminListPageSchema<z.ZodType<T>>>>;
