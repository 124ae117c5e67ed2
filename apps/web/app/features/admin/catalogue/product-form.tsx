import {
  CATALOGUE_LIMITS,
  DESCRIPTION_ALLOWED_TAGS,
  ProductCreateSchema,
  type AdminCategory,
  type AdminProductDetail,
  type ProductCreate,
} from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { AdminInput, AdminSelect, AdminTextarea, FormOutcome } from '../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../components/use-form-submit';

/** A slug from a name: lower case, words joined by single hyphens ('Pallet Wraps' -> 'pallet-wraps'). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATALOGUE_LIMITS.slug);
}

/**
 * A product's own fields: category, name, slug, description (HTML, sanitised by the server) and place on the
 * home page. New products take their slug from the name until the slug is edited.
 */
export function ProductForm({
  categories,
  product,
  submitLabel,
  onSave,
}: {
  categories: AdminCategory[];
  product?: AdminProductDetail;
  submitLabel: string;
  onSave: (body: ProductCreate) => Promise<unknown>;
}) {
  const [name, setName] = useState(product?.name ?? '');
  const [slug, setSlug] = useState(product?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(product !== undefined);
  const [category, setCategory] = useState(product ? String(product.category) : '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [featured, setFeatured] = useState(product?.featured_rank ? String(product.featured_rank) : '');
  const form = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.run(async () => {
      const body = parseOrThrow(
        ProductCreateSchema.safeParse({
          category: category === '' ? undefined : Number(category),
          name,
          slug,
          description,
          featured_rank: featured === '' ? null : Number(featured),
        }),
        category === '' ? { category: ['Choose a category.'] } : {},
      );
      await onSave(body);
      return 'Product saved.';
    });
  }

  return (
    <form onSubmit={submit} noValidate className="admin-panel">
      <h2>Details</h2>
      <div className="admin-grid">
        <AdminInput
          id="product-name"
          label="Name"
          required
          maxLength={CATALOGUE_LIMITS.name}
          value={name}
          errors={form.errorsOf('name')}
          onChange={(event) => {
            setName(event.target.value);
            if (!slugEdited) setSlug(slugify(event.target.value));
          }}
        />
        <AdminInput
          id="product-slug"
          label="Slug"
          hint="The product's address: lower-case letters, digits and hyphens."
          required
          maxLength={CATALOGUE_LIMITS.slug}
          value={slug}
          errors={form.errorsOf('slug')}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugEdited(true);
          }}
        />
        <AdminSelect
          id="product-category"
          label="Category"
          required
          value={category}
          errors={form.errorsOf('category')}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">Choose a category</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </AdminSelect>
        <AdminInput
          id="product-featured"
          label="Place on the home page (optional)"
          hint="1 to 15; leave empty for none."
          type="number"
          min={1}
          max={CATALOGUE_LIMITS.featuredRank}
          value={featured}
          errors={form.errorsOf('featured_rank')}
          onChange={(event) => setFeatured(event.target.value)}
        />
      </div>
      <AdminTextarea
        id="product-description"
        label="Description (HTML)"
        hint={`Allowed tags: ${DESCRIPTION_ALLOWED_TAGS.join(', ')}. Anything else is removed on save.`}
        rows={8}
        maxLength={CATALOGUE_LIMITS.description}
        value={description}
        errors={form.errorsOf('description')}
        onChange={(event) => setDescription(event.target.value)}
      />
      <button type="submit" className="admin-button" disabled={form.busy}>
        {form.busy ? 'Saving…' : submitLabel}
      </button>
      <FormOutcome error={form.formError} success={form.success} />
    </form>
  );
}
