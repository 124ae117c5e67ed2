// First: the list schemas are Zod, which must be built in jitless mode.
import '~/lib/jitless-validation';
import {
  formatDecimalGbp,
  SAVED_LIST_LIMITS,
  SavedListNameSchema,
  type QuickOrderCheckResult,
  type QuickOrderLineResult,
  type ReorderResult,
  type SavedListView,
} from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Field } from '~/components/ui/field';
import { showToast } from '~/components/ui/toasts';
import { ReorderOutcome } from '~/features/commerce/components/reorder-outcome';
import { CHECK_DEBOUNCE_MS, useQuickOrderCheck } from '~/features/commerce/hooks/use-quick-order-check';
import { saveFile } from '~/lib/save-file';
import { addSavedListToCart } from '../api/add-saved-list-to-cart';
import { deleteSavedList, exportSavedList, replaceSavedList } from '../api/saved-lists';
import { failureText, fieldMessages, LISTS_PAGE_MESSAGES } from '../lists-messages';
import { PACKS_MESSAGE, packsOf, type Row, rowsOf, SavedListLines } from './saved-list-lines';
import { ShareBox } from './share-box';

/** Today's price of every line for its packs, as the server prices them in the cart (one request, ex VAT). */
function useTodaysPrices(rows: readonly Row[]) {
  const lines = useMemo(
    () =>
      rows.flatMap((row) => {
        const packs = packsOf(row.packs);
        return packs === null ? [] : [{ sku: row.line.item.sku, packs }];
      }),
    [rows],
  );
  const check = useQuickOrderCheck(lines, CHECK_DEBOUNCE_MS);
  const result: QuickOrderCheckResult | null =
    check.state.status === 'checked' ? check.state.result : check.latest;
  const byItem = useMemo(() => {
    const map = new Map<number, QuickOrderLineResult>();
    for (const line of result?.lines ?? []) if (line.item) map.set(line.item.id, line);
    return map;
  }, [result]);
  return { result, byItem, lines: lines.length, pending: check.state.status !== 'checked' };
}

/**
 * One saved list: its name and sharing, its lines with their packs to edit, tick and remove, today's prices
 * and the list's total, and Add to cart, which puts the ticked lines in the cart at today's prices and tells
 * what became of each in the reorder's words. A list the buyer may only use (a buyer's view of a company list)
 * has no editing; Delete stands apart from Add to cart, at the foot of the page.
 */
export function SavedListEditor({
  list: loaded,
  canShare,
  shareAsk,
}: {
  list: SavedListView;
  canShare: boolean;
  /** A company member who may not share lists: they are told whom to ask. */
  shareAsk: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [list, setList] = useState(loaded);
  const [name, setName] = useState(loaded.name);
  const [shared, setShared] = useState(loaded.shared);
  const [rows, setRows] = useState(() => rowsOf(loaded));
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'save' | 'cart' | 'delete' | 'export' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = list.can_edit;
  const today = useTodaysPrices(rows);

  const setRow = (itemId: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.line.item.id === itemId ? { ...row, ...change } : row)));
  const badPacks = rows.filter((row) => packsOf(row.packs) === null);
  const ticked = rows.filter((row) => row.ticked);

  const begin = (what: NonNullable<typeof busy>) => {
    setBusy(what);
    setFailure(null);
    setSaved(null);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = SavedListNameSchema.safeParse(name);
    if (!checked.success) return setNameError(checked.error.issues[0]?.message);
    if (badPacks.length > 0) return setFailure(`${badPacks[0]!.line.item.sku}: ${PACKS_MESSAGE}`);
    begin('save');
    try {
      const next = await replaceSavedList(list.id, {
        name: checked.data,
        shared,
        lines: rows.map((row) => ({ item: row.line.item.id, packs: packsOf(row.packs)! })),
      });
      setList(next);
      setName(next.name);
      setShared(next.shared);
      setRows(rowsOf(next));
      setSaved(LISTS_PAGE_MESSAGES.saved);
      // The page's title and breadcrumb name the list as saved.
      void revalidator.revalidate();
    } catch (error) {
      const [nameProblem] = fieldMessages(error, 'name');
      if (nameProblem) setNameError(nameProblem);
      else
        setFailure(fieldMessages(error, 'shared')[0] ?? failureText(error, LISTS_PAGE_MESSAGES.saveFailed));
    } finally {
      setBusy(null);
    }
  };

  const addToCart = async () => {
    if (busy) return;
    if (ticked.length === 0) return setFailure(LISTS_PAGE_MESSAGES.nothingTicked);
    const bad = ticked.find((row) => packsOf(row.packs) === null);
    if (bad) return setFailure(`${bad.line.item.sku}: ${PACKS_MESSAGE}`);
    begin('cart');
    setResult(null);
    try {
      setResult(
        await addSavedListToCart(
          list.id,
          ticked.map((row) => ({ item: row.line.item.id, packs: packsOf(row.packs)! })),
        ),
      );
    } catch (error) {
      setFailure(failureText(error, LISTS_PAGE_MESSAGES.addFailed));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (busy) return;
    begin('export');
    try {
      saveFile(
        await exportSavedList(list.id),
        `${list.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'list'}.csv`,
      );
    } catch (error) {
      setFailure(failureText(error, LISTS_PAGE_MESSAGES.exportFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (busy) return;
    begin('delete');
    try {
      await deleteSavedList(list.id);
      showToast(`Deleted ${list.name}.`, 'success');
      await navigate('/account/lists');
    } catch (error) {
      setFailure(failureText(error, LISTS_PAGE_MESSAGES.deleteFailed));
      setBusy(null);
    }
  };

  return (
    <div className="saved-list">
      {editable ? (
        <form
          className="saved-list__details"
          aria-label="List details"
          onSubmit={(e) => void save(e)}
          noValidate
        >
          <Field
            id={`${id}-name`}
            name="name"
            label="Name"
            value={name}
            error={nameError}
            maxLength={SAVED_LIST_LIMITS.nameLength}
            autoComplete="off"
            onValue={(value) => {
              setName(value);
              setNameError(undefined);
            }}
          />
          {canShare || list.shared ? (
            <ShareBox id={`${id}-shared`} checked={shared} onChange={setShared} />
          ) : shareAsk ? (
            <p className="saved-list__note">{LISTS_PAGE_MESSAGES.cannotShare}</p>
          ) : null}
          <p className="saved-list__note">Changes to the packs and removed lines are kept when you save.</p>
          <button
            type="submit"
            className="button button--primary"
            aria-busy={busy === 'save'}
            disabled={busy !== null}
          >
            {busy === 'save' ? 'Saving…' : 'Save changes'}
          </button>
        </form>
      ) : (
        <p className="saved-list__note">{LISTS_PAGE_MESSAGES.readOnly(list.owner_name)}</p>
      )}
      <p className="saved-list__saved" role="status">
        {saved}
      </p>

      <section className="saved-list__lines" aria-labelledby={`${id}-lines`}>
        <h2 id={`${id}-lines`} className="saved-list__heading">
          Items
        </h2>
        {rows.length === 0 ? (
          <p>{LISTS_PAGE_MESSAGES.noLines}</p>
        ) : (
          <SavedListLines
            id={id}
            rows={rows}
            editable={editable}
            disabled={busy !== null}
            today={today.byItem}
            onRow={setRow}
            onRemove={(itemId) =>
              setRows((current) => current.filter((entry) => entry.line.item.id !== itemId))
            }
          />
        )}
        {rows.length > 0 ? <ListTotal today={today} /> : null}
        <div className="saved-list__actions">
          <button
            type="button"
            className="button button--primary"
            aria-busy={busy === 'cart'}
            disabled={busy !== null || rows.length === 0}
            onClick={() => void addToCart()}
          >
            {busy === 'cart' ? 'Adding to cart…' : 'Add to cart'}
          </button>
          <button
            type="button"
            className="button button--outline"
            aria-busy={busy === 'export'}
            disabled={busy !== null}
            onClick={() => void download()}
          >
            Download CSV
          </button>
        </div>
        <ReorderOutcome result={result} />
        <p className="form__failure" role="alert">
          {failure}
        </p>
      </section>
      {editable ? (
        <div className="saved-list__delete">
          {confirmDelete ? (
            <div className="saved-list__confirm" role="group" aria-label="Delete this list">
              <p>Delete {list.name}? This cannot be undone.</p>
              <button
                type="button"
                className="button button--danger"
                aria-busy={busy === 'delete'}
                disabled={busy !== null}
                onClick={() => void remove()}
              >
                Yes, delete it
              </button>
              <button
                type="button"
                className="button button--outline"
                onClick={() => setConfirmDelete(false)}
              >
                Keep it
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => setConfirmDelete(true)}
            >
              Delete list
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The list's total at today's prices (the lines that can be added now), as the server priced them. */
function ListTotal({ today }: { today: ReturnType<typeof useTodaysPrices> }) {
  const { result } = today;
  return (
    <p className="saved-list__total" aria-live="polite">
      {result === null ? (
        today.pending ? (
          'Pricing the list at today’s prices…'
        ) : null
      ) : (
        <>
          List total at today’s prices:{' '}
          <strong className="saved-list__amount">{formatDecimalGbp(result.total)}</strong> excl. VAT
          {result.valid_count < result.lines.length
            ? ` (${result.valid_count} of ${result.lines.length} lines can be added now)`
            : ''}
        </>
      )}
    </p>
  );
}
