// First: the list schemas are Zod, which must be built in jitless mode.
import '~/lib/jitless-validation';
import { SavedListNameSchema, type SavedListLineInput, type SavedListSummary } from '@shop/domain';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '~/components/ui/field';
import { isAbortError } from '~/lib/api-client';
import { addToSavedList, createSavedList, getSavedLists } from '../api/saved-lists';
import { failureText, fieldMessages, LISTS_PAGE_MESSAGES } from '../lists-messages';

const NEW_LIST = 'new';

interface AddToListProps {
  /** The lines to save: items and packs (an item twice is one line of their packs summed). */
  lines: readonly SavedListLineInput[];
  /** The button's words: 'Add to list', or 'Save as list' on an order. */
  label?: string;
  /** What a new list is called unless the buyer says otherwise, e.g. 'Order #12'. */
  suggestedName?: string;
}

type Lists =
  { state: 'closed' | 'loading' } | { state: 'loaded'; lists: SavedListSummary[] } | { state: 'failed' };

/**
 * Add to list: a button that opens a small form to save some lines to one of the buyer's lists they may change,
 * or to a new list, in one request; the outcome is told in a status line with the way to the list. For
 * signed-in buyers only: the pages that show it render it after hydration.
 */
export function AddToList({ lines, label = 'Add to list', suggestedName = '' }: AddToListProps) {
  const id = useId();
  const [lists, setLists] = useState<Lists>({ state: 'closed' });
  const [choice, setChoice] = useState<string>(NEW_LIST);
  const [name, setName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ text: string; listId: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const controller = useRef<AbortController | null>(null);
  const open = lists.state !== 'closed';

  const toggle = async () => {
    controller.current?.abort();
    if (open) return setLists({ state: 'closed' });
    setSaved(null);
    setFailure(null);
    setLists({ state: 'loading' });
    const current = new AbortController();
    controller.current = current;
    try {
      const page = await getSavedLists(1, current.signal);
      const editable = page.results.filter((list) => list.can_edit);
      setLists({ state: 'loaded', lists: editable });
      setChoice(editable[0] ? String(editable[0].id) : NEW_LIST);
    } catch (error) {
      if (isAbortError(error)) return;
      // A new list can still be made.
      setLists({ state: 'failed' });
      setChoice(NEW_LIST);
    }
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const lineCount = new Set(lines.map((line) => line.item)).size;
    const makeNew = choice === NEW_LIST;
    const checked = SavedListNameSchema.safeParse(name);
    if (makeNew && !checked.success) {
      setNameError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const list = makeNew
        ? await createSavedList({ name: checked.data!, lines: [...lines] })
        : await addToSavedList(Number(choice), { lines: [...lines] });
      setSaved({ text: LISTS_PAGE_MESSAGES.addedTo(lineCount, list.name), listId: list.id });
      setLists({ state: 'closed' });
      toggleRef.current?.focus();
    } catch (error) {
      const [nameProblem] = fieldMessages(error, 'name');
      if (nameProblem) setNameError(nameProblem);
      else setFailure(failureText(error, LISTS_PAGE_MESSAGES.addToListFailed));
    } finally {
      setBusy(false);
    }
  };

  const panelId = `${id}-panel`;
  return (
    <div className="add-to-list">
      <button
        ref={toggleRef}
        type="button"
        className="button button--outline"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={lines.length === 0}
        onClick={() => void toggle()}
      >
        {label}
      </button>
      {open ? (
        <form
          id={panelId}
          className="add-to-list__panel"
          aria-label={label}
          onSubmit={(e) => void save(e)}
          noValidate
        >
          {lists.state === 'loading' ? <p className="add-to-list__note">Loading your lists…</p> : null}
          {lists.state === 'failed' ? (
            <p className="add-to-list__note">{LISTS_PAGE_MESSAGES.listsFailed}</p>
          ) : null}
          {lists.state === 'loaded' && lists.lists.length > 0 ? (
            <div className="form__field">
              <label htmlFor={`${id}-list`} className="form__label">
                Save to
              </label>
              <select
                id={`${id}-list`}
                className="form__control"
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
              >
                {lists.lists.map((list) => (
                  <option key={list.id} value={String(list.id)}>
                    {list.shared ? `${list.name} (shared)` : list.name}
                  </option>
                ))}
                <option value={NEW_LIST}>A new list</option>
              </select>
            </div>
          ) : null}
          {choice === NEW_LIST && lists.state !== 'loading' ? (
            <Field
              id={`${id}-name`}
              name="name"
              label="Name of the new list"
              value={name}
              error={nameError}
              maxLength={80}
              autoComplete="off"
              onValue={(value) => {
                setName(value);
                setNameError(undefined);
              }}
            />
          ) : null}
          <button
            type="submit"
            className="button button--primary"
            aria-busy={busy}
            disabled={busy || lists.state === 'loading'}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </form>
      ) : null}
      {/* The live regions come with the form, before anything is said in them, and stay to tell the outcome;
          a page that never opens the control has none of its own. */}
      {open || saved || failure ? (
        <>
          <p className="add-to-list__outcome" role="status">
            {saved ? (
              <>
                {saved.text} <Link to={`/account/lists/${saved.listId}`}>See the list</Link>
              </>
            ) : null}
          </p>
          <p className="form__failure" role="alert">
            {failure}
          </p>
        </>
      ) : null}
    </div>
  );
}

/** For `React.lazy`: the product page loads the control only once a signed-in buyer has chosen items. */
export default AddToList;
