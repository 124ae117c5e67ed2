import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { categories, products } from '../../db/schema';

/** A category of the menu with one of its first products (none: `productName` null), in menu order. */
export interface MenuRow {
  categoryName: string;
  categorySlug: string;
  productName: string | null;
  productSlug: string | null;
}

/**
 * The navigation's categories, each with its first `perCategory` products by name, in one statement: a
 * lateral read per category walks the (category_id, name, id) index and stops after `perCategory` rows.
 */
export async function selectMenu(db: Db, perCategory: number): Promise<MenuRow[]> {
  const result = await db.execute(sql`
    select c.name as "categoryName", c.slug as "categorySlug", p.name as "productName", p.slug as "productSlug"
    from ${categories} as c
    left join lateral (
      select ${products.name} as name, ${products.slug} as slug, ${products.id} as id
      from ${products}
      where ${products.categoryId} = c.id
      order by ${products.name}, ${products.id}
      limit ${perCategory}
    ) as p on true
    order by c.position, c.id, p.name, p.id`);
  return rowsOf<MenuRow>(result);
}
