/**
 * Catalogue changes, told to everything that keeps catalogue reads in memory (the catalogue service's
 * caches, the rendered public pages). A change made in any process reaches every process: the database
 * announces writes to catalogue tables (migration 0006's triggers, `pg_notify('catalogue_changed')`), and
 * each process listens (`listenForCatalogueChanges` in db/notifications.ts) and calls `changed()` here.
 */
export interface CatalogueChanges {
  /** Calls `listener` after every catalogue change; returns a function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Tells every subscriber of this process that the catalogue changed. */
  changed(): void;
}

export function createCatalogueChanges(): CatalogueChanges {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed() {
      for (const listener of listeners) listener();
    },
  };
}
