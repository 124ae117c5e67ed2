/** Newest first; orders made in the same instant by id, highest first. */
export function newestFirst<T extends { id: number; created_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    const byDate = Date.parse(b.created_at) - Date.parse(a.created_at);
    return byDate || b.id - a.id;
  });
}
