// First: the list schemas are Zod, which must be built in jitless mode.
import '~/lib/jitless-validation';
import { SAVED_LIST_LIMITS, SavedListNameSchema, type SavedListSummary, ukDate } from '@shop/domain';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field } from '~/components/ui/field';
import { showToast } from '~/components/ui/toasts';
import { createSavedList, importSavedList } from '../api/saved-lists';
import { failureText, fieldMessages, LISTS_PAGE_MESSAGES } from '../lists-messages';
import { ShareBox } from './share-box';

/** The lists the buyer may see: their own and their company's shared ones, each a link to its page. */
export function SavedListsTable({ lists }: { lists: readonly SavedListSummary[] }) {
  if (lists.length === 0) return <p className="saved-lists__none">{LISTS_PAGE_MESSAGES.none}</p>;
  return (
    <ul className="saved-lists" aria-label="Your saved lists">
      {lists.map((list) => (
        <li key={list.id} className="saved-lists__entry">
          <Link className="saved-lists__name" to={`/account/lists/${list.id}`}>
            {list.name}
          </Link>
          <p className="saved-lists__facts">
            {list.line_count === 1 ? '1 item' : `${list.line_count} items`}
            {' · '}
            {list.shared ? `Shared with your company by ${list.owner_name}` : 'Only you'}
            {' · '}
            Changed {ukDate(list.updated_at)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Makes an empty list, or one from a CSV file, and opens it. `canShare`: the buyer edits company lists. */
export function NewListForms({ canShare }: { canShare: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string | undefined; file?: string[] }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'import' | null>(null);

  const submit = async (mode: 'create' | 'import') => {
    if (busy) return;
    const checked = SavedListNameSchema.safeParse(name);
    const next: typeof errors = {};
    if (!checked.success) next.name = checked.error.issues[0]?.message;
    if (mode === 'import' && !file) next.file = [LISTS_PAGE_MESSAGES.chooseFile];
    else if (mode === 'import' && file && !/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      next.file = [LISTS_PAGE_MESSAGES.notCsv];
    }
    setErrors(next);
    setFailure(null);
    if (next.name || next.file) return;
    setBusy(mode);
    try {
      let csv = '';
      if (mode === 'import') {
        try {
          csv = await file!.text();
        } catch {
          setErrors({ file: [LISTS_PAGE_MESSAGES.unreadable] });
          return;
        }
      }
      const body = { name: checked.data!, shared: canShare && shared };
      const list = mode === 'import' ? await importSavedList({ ...body, csv }) : await createSavedList(body);
      showToast(mode === 'import' ? `Imported ${list.name}.` : `Made ${list.name}.`, 'success');
      await navigate(`/account/lists/${list.id}`);
    } catch (error) {
      const found = {
        name: fieldMessages(error, 'name')[0],
        file: fieldMessages(error, 'csv'),
      };
      const shareProblem = fieldMessages(error, 'shared')[0];
      setErrors(found);
      if (!found.name && found.file.length === 0) {
        setFailure(
          shareProblem ??
            failureText(
              error,
              mode === 'import' ? LISTS_PAGE_MESSAGES.importFailed : LISTS_PAGE_MESSAGES.createFailed,
            ),
        );
      }
    } finally {
      setBusy(null);
    }
  };

  const fileErrorId = `${id}-file-error`;
  return (
    <form
      className="saved-lists-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit('create');
      }}
      noValidate
    >
      <Field
        id={`${id}-name`}
        name="name"
        label="Name"
        value={name}
        error={errors.name}
        maxLength={SAVED_LIST_LIMITS.nameLength}
        autoComplete="off"
        onValue={(value) => {
          setName(value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      {canShare ? <ShareBox id={`${id}-shared`} checked={shared} onChange={setShared} /> : null}
      <div className="saved-lists-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-busy={busy === 'create'}
          disabled={busy !== null}
        >
          {busy === 'create' ? 'Making the list…' : 'Make an empty list'}
        </button>
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-file`} className="form__label">
          Or import a CSV file
        </label>
        <p id={`${id}-file-hint`} className="form__hint">
          Columns: sku, packs (a header row is optional), as the quick order reads them. Up to{' '}
          {SAVED_LIST_LIMITS.linesPerList} lines.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="form__control"
          aria-invalid={errors.file && errors.file.length > 0 ? true : undefined}
          aria-describedby={errors.file?.length ? `${id}-file-hint ${fileErrorId}` : `${id}-file-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, file: [] }));
          }}
        />
        {errors.file && errors.file.length > 0 ? (
          <ul id={fileErrorId} className="field-error saved-lists-form__file-errors">
            {errors.file.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="saved-lists-form__actions">
        <button
          type="button"
          className="button button--outline"
          aria-busy={busy === 'import'}
          disabled={busy !== null}
          onClick={() => void submit('import')}
        >
          {busy === 'import' ? 'Importing…' : 'Import the file as a new list'}
        </button>
      </div>
      <p className="form__failure" role="alert">
        {failure}
      </p>
    </form>
  );
}
