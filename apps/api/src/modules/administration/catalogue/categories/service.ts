import {
  CATALOGUE_MESSAGES as M,
  type AdminCategory,
  type CategoryCreate,
  type CategoryUpdate,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import { Conflict, Invalid, NotFound } from '../../../../http/errors';
import { countOfPage } from '../../../../http/pagination';
import { sanitizeStoredHtml } from '../../../../lib/sanitize-html';
import { audit, changedFields, type Actor } from '../../audit';
import type { Window } from '../query-parts';
import { type ListPage, violatedConstraint, withUniqueFieldErrors } from '../shared';
import * as queries from './queries';

function categoryView(row: queries.CategoryRow, productCount: number): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    slider_image: row.sliderImage,
    position: row.position,
    product_count: productCount,
  };
}

/** The back office's categories: every write in one transaction with its audit entry. */
export function createCategoryAdminService(db: Db) {
  return {
    async listCategories(
      filter: { q?: string | undefined; ordering: 'position' | 'name'; descending: boolean },
      window: Window,
    ): Promise<ListPage<AdminCategory>> {
      const rows = await queries.selectCategoryPage(db, filter, window);
      const count = await countOfPage(rows, window, () => queries.countCategories(db, filter.q));
      return {
        count,
        capped: false,
        results: rows.map((row) => categoryView(row.category, row.productCount)),
      };
    },

    async getCategory(id: number): Promise<AdminCategory> {
      const row = await queries.selectCategory(db, id);
      if (!row) throw new NotFound();
      return categoryView(row.category, row.productCount);
    },

    async createCategory(actor: Actor, body: CategoryCreate): Promise<AdminCategory> {
      const values = { ...body, description: sanitizeStoredHtml(body.description) };
      if (await queries.categorySlugTaken(db, values.slug)) throw new Invalid({ slug: [M.slugTaken] });
      const id = await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const created = await queries.insertCategory(tx, {
            name: values.name,
            slug: values.slug,
            description: values.description,
            image: values.image,
            sliderImage: values.slider_image,
            position: values.position,
          });
          await audit(tx, actor, {
            action: 'category.create',
            entityType: 'category',
            entityId: created,
            after: values,
          });
          return created;
        }),
      );
      return this.getCategory(id);
    },

    async updateCategory(actor: Actor, id: number, body: CategoryUpdate): Promise<AdminCategory> {
      const patch = {
        ...body,
        ...(body.description !== undefined ? { description: sanitizeStoredHtml(body.description) } : {}),
      };
      if (patch.slug !== undefined && (await queries.categorySlugTaken(db, patch.slug, id))) {
        throw new Invalid({ slug: [M.slugTaken] });
      }
      await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const row = await queries.selectCategory(tx, id, true);
          if (!row) throw new NotFound();
          const change = changedFields(categoryView(row.category, row.productCount), patch);
          if (!change) return;
          await queries.updateCategory(tx, id, {
            name: patch.name,
            slug: patch.slug,
            description: patch.description,
            image: patch.image,
            sliderImage: patch.slider_image,
            position: patch.position,
          });
          await audit(tx, actor, {
            action: 'category.update',
            entityType: 'category',
            entityId: id,
            ...change,
          });
        }),
      );
      return this.getCategory(id);
    },

    /** Deletes a category without products; one with products is a 409 (they would have nowhere to go). */
    async deleteCategory(actor: Actor, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const row = await queries.selectCategory(tx, id, true);
          if (!row) throw new NotFound();
          if (row.productCount > 0) throw new Conflict(M.categoryHasProducts(row.productCount));
          await queries.deleteCategory(tx, id);
          await audit(tx, actor, {
            action: 'category.delete',
            entityType: 'category',
            entityId: id,
            before: categoryView(row.category, row.productCount),
          });
        });
      } catch (error) {
        // A product added to it at the same moment: the foreign key refuses the delete.
        if (violatedConstraint(error)?.kind === 'foreign_key') throw new Conflict(M.categoryHasProducts(1));
        throw error;
      }
    },
  };
}
