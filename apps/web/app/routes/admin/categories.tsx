import { CATALOGUE_LIMITS, CategoryCreateSchema, type AdminCategory } from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/categories';
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from '~/features/admin/catalogue/api';
import { slugify } from '~/features/admin/catalogue/product-form';
import { AdminInput, AdminTextarea, FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { parseOrThrow, useFormSubmit } from '~/features/admin/components/use-form-submit';
import { listQuery } from '~/features/admin/components/list-params';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => listCategories(listQuery(request, ['page', 'ordering']), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

type Draft = { name: string; slug: string; description: string; image: string; position: string };
const emptyDraft: Draft = { name: '', slug: '', description: '', image: '', position: '0' };
const draftOf = (category: AdminCategory): Draft => ({
  name: category.name,
  slug: category.slug,
  description: category.description,
  image: category.image ?? '',
  position: String(category.position),
});

/** Creates a category, or edits the one chosen in the table. */
function CategoryForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: AdminCategory | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : emptyDraft);
  const [slugEdited, setSlugEdited] = useState(editing !== null);
  const form = useFormSubmit();
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.run(async () => {
      const body = parseOrThrow(
        CategoryCreateSchema.safeParse({
          name: draft.name,
          slug: draft.slug,
          description: draft.description,
          image: draft.image.trim() === '' ? null : draft.image.trim(),
          slider_image: editing?.slider_image ?? null,
          position: Number(draft.position) || 0,
        }),
      );
      const category = editing ? await updateCategory(editing.id, body) : await createCategory(body);
      if (!editing) {
        setDraft(emptyDraft);
        setSlugEdited(false);
      }
      const saved = `${category.name} saved.`;
      // The page announces it: saving an edit closes this form.
      onDone(saved);
      return saved;
    });
  }

  return (
    <form onSubmit={submit} noValidate className="admin-panel">
      <h2>{editing ? `Edit ${editing.name}` : 'New category'}</h2>
      <div className="admin-grid">
        <AdminInput
          id="category-name"
          label="Name"
          required
          maxLength={CATALOGUE_LIMITS.name}
          value={draft.name}
          errors={form.errorsOf('name')}
          onChange={(event) =>
            set({ name: event.target.value, ...(slugEdited ? {} : { slug: slugify(event.target.value) }) })
          }
        />
        <AdminInput
          id="category-slug"
          label="Slug"
          required
          maxLength={CATALOGUE_LIMITS.slug}
          value={draft.slug}
          errors={form.errorsOf('slug')}
          onChange={(event) => {
            setSlugEdited(true);
            set({ slug: event.target.value });
          }}
        />
        <AdminInput
          id="category-image"
          label="Image path (optional)"
          hint="A path on this shop, e.g. /images/categories/wraps.svg."
          maxLength={CATALOGUE_LIMITS.imagePath}
          value={draft.image}
          errors={form.errorsOf('image')}
          onChange={(event) => set({ image: event.target.value })}
        />
        <AdminInput
          id="category-position"
          label="Position in menus"
          type="number"
          min={0}
          value={draft.position}
          errors={form.errorsOf('position')}
          onChange={(event) => set({ position: event.target.value })}
        />
      </div>
      <AdminTextarea
        id="category-description"
        label="Description (HTML)"
        rows={4}
        maxLength={CATALOGUE_LIMITS.description}
        value={draft.description}
        errors={form.errorsOf('description')}
        onChange={(event) => set({ description: event.target.value })}
      />
      <p className="admin-page__actions">
        <button type="submit" className="admin-button">
          {editing ? 'Save category' : 'Create category'}
        </button>
        {editing ? (
          <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
            Cancel editing
          </button>
        ) : null}
      </p>
      <FormOutcome error={form.formError} />
    </form>
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const deletion = useFormSubmit();
  // The page announces the latest of a deletion and a save.
  const [saved, setSaved] = useState<string | null>(null);
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Categories"
        what="categories"
        failure={loaderData}
        back={{ to: '/admin', label: 'Back to the dashboard' }}
      />
    );
  }
  const columns: Column<AdminCategory>[] = [
    { label: 'Position', sort: 'position', numeric: true, cell: (row) => row.position },
    { label: 'Name', sort: 'name', cell: (row) => row.name },
    { label: 'Slug', cell: (row) => row.slug },
    {
      label: 'Products',
      numeric: true,
      cell: (row) => <Link to={`/admin/products?category=${row.id}`}>{row.product_count}</Link>,
    },
    {
      label: 'Actions',
      cell: (row) => (
        <span className="admin-page__actions">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => setEditing(row)}
          >
            Edit<span className="visually-hidden"> {row.name}</span>
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={async () => {
              if (!window.confirm(`Delete the category ${row.name}?`)) return;
              setSaved(null);
              const done = await deletion.run(async () => {
                await deleteCategory(row.id);
                return `${row.name} deleted.`;
              });
              if (!done) return;
              if (editing?.id === row.id) setEditing(null);
              void revalidate();
            }}
          >
            Delete<span className="visually-hidden"> {row.name}</span>
          </button>
        </span>
      ),
    },
  ];
  return (
    <AdminPage title="Categories">
      <AdminTable
        caption="Categories"
        columns={columns}
        page={loaderData.data}
        rowKey={(row) => row.id}
        defaultOrdering="position"
        empty="No categories yet."
      />
      <FormOutcome error={saved ? null : deletion.formError} success={saved ?? deletion.success} />
      <CategoryForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onCancel={() => setEditing(null)}
        onDone={(message) => {
          setSaved(message);
          setEditing(null);
          void revalidate();
        }}
      />
    </AdminPage>
  );
}
