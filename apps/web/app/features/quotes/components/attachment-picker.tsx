import { QUOTE_LIMITS, QUOTE_MESSAGES } from '@shop/domain';
import { type ChangeEvent, useState } from 'react';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '../quote-rules';
import { fileSize } from '~/lib/file-size';

interface AttachmentPickerProps {
  id: string;
  label: string;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  /** How many files the quote can still take. */
  room: number;
  disabled?: boolean;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;

/**
 * Files for a request for quote (artwork, drawings): picked in one go or several, each checked here before
 * anything is sent (PDF, PNG or JPEG, 10 MB at most, five a request). A refused file is not added, and the
 * reason is said under the field and announced; chosen files are listed, each with its Remove button.
 */
export function AttachmentPicker({ id, label, files, onFiles, room, disabled }: AttachmentPickerProps) {
  const [problems, setProblems] = useState<string[]>([]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied, so the same file can be chosen again after a Remove.
    event.target.value = '';
    const next = [...files];
    const refused: string[] = [];
    for (const file of picked) {
      const problem = attachmentProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else if (next.some((chosen) => sameFile(chosen, file))) continue;
      else if (next.length >= room) refused.push(`${file.name}: ${QUOTE_MESSAGES.tooManyAttachments}`);
      else next.push(file);
    }
    setProblems(refused);
    if (next.length !== files.length) onFiles(next);
  };

  const remove = (file: File) => {
    setProblems([]);
    onFiles(files.filter((chosen) => chosen !== file));
  };

  const full = files.length >= room;
  return (
    <div className="form__field quote-files">
      <label htmlFor={id} className="form__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="form__hint">
        PDF, PNG or JPEG, up to {fileSize(QUOTE_LIMITS.attachmentBytes)} each; at most {room}{' '}
        {room === 1 ? 'file' : 'files'}.
      </p>
      <input
        id={id}
        name="files"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="form__control quote-files__input"
        disabled={disabled || full}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={pick}
      />
      {/* Announced when a file is refused; empty (and taking no room) otherwise. */}
      <div id={`${id}-error`} className="field-error" role="alert">
        {problems.map((problem) => (
          <span key={problem} className="quote-files__problem">
            {problem}
          </span>
        ))}
      </div>
      {files.length > 0 ? (
        <ul className="quote-files__list" aria-label="Files to send">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`} className="quote-files__file">
              <span className="quote-files__name">{file.name}</span>{' '}
              <span className="quote-files__size">({fileSize(file.size)})</span>
              <button
                type="button"
                className="button button--outline quote-files__remove"
                disabled={disabled}
                onClick={() => remove(file)}
              >
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
