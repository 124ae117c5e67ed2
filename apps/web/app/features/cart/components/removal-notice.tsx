import type { RemovalNotice as Notice } from '../hooks/use-line-removal';

/**
 * What the last removal did, said politely (the status region is always there, so the words are announced
 * when they come), with Undo beside it while the removed line can be put back.
 */
export function RemovalNotice({
  notice,
  busy,
  onUndo,
}: {
  notice: Notice | null;
  busy: boolean;
  onUndo: () => void;
}) {
  return (
    <div className="cart__removal" data-empty={notice ? undefined : true}>
      <p role="status" className="cart__removal-text">
        {notice?.message}
      </p>
      {notice?.state === 'removed' ? (
        <button
          type="button"
          className="button cart__undo"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onUndo();
          }}
        >
          Undo
        </button>
      ) : null}
    </div>
  );
}
