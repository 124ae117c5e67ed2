import type {
  AdminCategory,
  AdminItem,
  AdminItemRow,
  AdminProductDetail,
  AdminProductImage,
  AdminProductRow,
  AdminTableField,
  AdminVariantDetail,
  CategoryCreate,
  CategoryUpdate,
  ItemCreate,
  ItemUpdate,
  LowStockItem,
  PriceTable,
  PriceTableUpdate,
  ProductCreate,
  ProductUpdate,
  StockAdjustment,
  StockMovement,
  TableFieldCreate,
  TableFieldUpdate,
  VariantCreate,
  VariantUpdate,
} from '@shop/domain';
import { adminRequest, adminUpload, type AdminPage } from '../api';

/** The catalogue and stock calls of the back office, under /api/administration/. */

const page = <T>(path: string, search: string, signal?: AbortSignal) =>
  adminRequest<AdminPage<T>>(`${path}${search}`, signal ? { signal } : {});

// Categories
export const listCategories = (search = '', signal?: AbortSignal) =>
  page<AdminCategory>('categories/', search, signal);
export const createCategory = (body: CategoryCreate) =>
  adminRequest<AdminCategory>('categories/', { method: 'POST', body });
export const updateCategory = (id: number, body: CategoryUpdate) =>
  adminRequest<AdminCategory>(`categories/${id}/`, { method: 'PATCH', body });
export const deleteCategory = (id: number) => adminRequest<null>(`categories/${id}/`, { method: 'DELETE' });
/** Every category (there are few), for pickers. */
export const allCategories = (signal?: AbortSignal) =>
  listCategories('?page_size=100', signal).then((list) => list.results);

// Products
export const listProducts = (search: string, signal?: AbortSignal) =>
  page<AdminProductRow>('products/', search, signal);
export const getProduct = (id: number, signal?: AbortSignal) =>
  adminRequest<AdminProductDetail>(`products/${id}/`, signal ? { signal } : {});
export const createProduct = (body: ProductCreate) =>
  adminRequest<AdminProductDetail>('products/', { method: 'POST', body });
export const updateProduct = (id: number, body: ProductUpdate) =>
  adminRequest<AdminProductDetail>(`products/${id}/`, { method: 'PATCH', body });
export const deleteProduct = (id: number) => adminRequest<null>(`products/${id}/`, { method: 'DELETE' });

// Images
export const uploadProductImage = (productId: number, file: File, altText: string) =>
  adminUpload<AdminProductImage>(
    `products/${productId}/images/?alt_text=${encodeURIComponent(altText)}`,
    file,
  );
export const updateProductImage = (productId: number, imageId: number, body: { alt_text?: string }) =>
  adminRequest<AdminProductImage>(`products/${productId}/images/${imageId}/`, { method: 'PATCH', body });
export const deleteProductImage = (productId: number, imageId: number) =>
  adminRequest<null>(`products/${productId}/images/${imageId}/`, { method: 'DELETE' });
export const reorderProductImages = (productId: number, images: number[]) =>
  adminRequest<AdminProductImage[]>(`products/${productId}/image-order/`, {
    method: 'PUT',
    body: { images },
  });

// Variants and table fields
export const getVariant = (id: number, signal?: AbortSignal) =>
  adminRequest<AdminVariantDetail>(`variants/${id}/`, signal ? { signal } : {});
export const createVariant = (productId: number, body: VariantCreate) =>
  adminRequest<AdminVariantDetail>(`products/${productId}/variants/`, { method: 'POST', body });
export const updateVariant = (id: number, body: VariantUpdate) =>
  adminRequest<AdminVariantDetail>(`variants/${id}/`, { method: 'PATCH', body });
export const deleteVariant = (id: number) => adminRequest<null>(`variants/${id}/`, { method: 'DELETE' });
export const createTableField = (variantId: number, body: TableFieldCreate) =>
  adminRequest<AdminTableField>(`variants/${variantId}/table-fields/`, { method: 'POST', body });
export const updateTableField = (id: number, body: TableFieldUpdate) =>
  adminRequest<AdminTableField>(`table-fields/${id}/`, { method: 'PATCH', body });
export const deleteTableField = (id: number) =>
  adminRequest<null>(`table-fields/${id}/`, { method: 'DELETE' });

// The price grid
export const getPriceTable = (variantId: number, signal?: AbortSignal) =>
  adminRequest<PriceTable>(`variants/${variantId}/price-table/`, signal ? { signal } : {});
export const savePriceTable = (variantId: number, body: PriceTableUpdate) =>
  adminRequest<PriceTable>(`variants/${variantId}/price-table/`, { method: 'PUT', body });

// Items and stock
export const listItems = (search: string, signal?: AbortSignal) =>
  page<AdminItemRow>('items/', search, signal);
export const getItem = (id: number, signal?: AbortSignal) =>
  adminRequest<AdminItem>(`items/${id}/`, signal ? { signal } : {});
export const createItem = (body: ItemCreate) => adminRequest<AdminItem>('items/', { method: 'POST', body });
export const updateItem = (id: number, body: ItemUpdate) =>
  adminRequest<AdminItem>(`items/${id}/`, { method: 'PATCH', body });
export const deleteItem = (id: number) => adminRequest<null>(`items/${id}/`, { method: 'DELETE' });
export const adjustStock = (id: number, body: StockAdjustment) =>
  adminRequest<{ stock: number; movement: StockMovement }>(`items/${id}/stock-adjustments/`, {
    method: 'POST',
    body,
  });
export const listMovements = (id: number, search = '', signal?: AbortSignal) =>
  page<StockMovement>(`items/${id}/stock-movements/`, search, signal);
export const listLowStock = (search: string, signal?: AbortSignal) =>
  page<LowStockItem>('stock/low/', search, signal);
