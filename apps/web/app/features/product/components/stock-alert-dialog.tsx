// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { STOCK_ALERT_MESSAGES as M, StockAlertConfirmSchema, VisitorStockAlertSchema } from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '~/components/ui/field';
import { ModalDialog } from '~/components/ui/modal-dialog';
import { ApiError } from '~/lib/api-client';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';
import { confirmStockAlert } from '../api/confirm-stock-alert';
import { createStockAlert } from '../api/create-stock-alert';
import type { StockAlertDialogProps } from '../hooks/use-stock-alerts';
import { stockAlertFailure } from '../stock-alert-failure';

type Step = 'email' | 'code' | 'done';
type FieldName = 'email' | 'code';
const EMPTY: Record<FieldName, string> = { email: '', code: '' };
const ORDER: readonly FieldName[] = ['email', 'code'];

/**
 * A visitor's "Tell me when it's back": their e-mail address, then the 6-digit code the shop e-mails to it
 * (the alert waits for it), then what was set. Progress is said in a polite live region and failures in an
 * alert; the focus goes to the field each step needs. Loaded on the first click of a visitor's button.
 */
export function StockAlertDialog({ item, opener, onClose, onConfirmed }: StockAlertDialogProps) {
  const id = useId();
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields(EMPTY, ORDER);
  const [step, setStep] = useState<Step>('email');
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  // Each step's control takes the focus once drawn.
  useEffect(() => {
    if (step === 'code') formRef.current?.querySelector<HTMLElement>('[name="code"]')?.focus();
    if (step === 'done') doneRef.current?.focus();
  }, [step, formRef]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** A refusal: a field's message under its field, anything else in the alert. */
  const refused = (error: unknown, fallback: string, field: FieldName) => {
    const fields = error instanceof ApiError ? firstErrors(error.fields, [field]) : {};
    if (fields[field]) return showErrors(fields);
    setFailure(stockAlertFailure(error, fallback));
  };

  const sendCode = () =>
    run(async () => {
      const checked = check(VisitorStockAlertSchema, { item: item.id, email: values.email });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await createStockAlert(checked.value);
        setValues({ email: answer.email, code: '' });
        setNews(answer.message);
        if (answer.status === 'awaiting_confirmation') {
          setStep('code');
        } else {
          // Already set with this address: nothing to confirm.
          onConfirmed(item.id);
          setStep('done');
        }
      } catch (error) {
        refused(error, M.requestFailed, 'email');
      }
    });

  const confirm = () =>
    run(async () => {
      const checked = check(StockAlertConfirmSchema, { email: values.email, code: values.code });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await confirmStockAlert(checked.value);
        setNews(answer.message);
        onConfirmed(item.id);
        setStep('done');
      } catch (error) {
        refused(error, M.confirmFailed, 'code');
      }
    });

  const useAnotherAddress = () => {
    setStep('email');
    setNews(null);
    setFailure(null);
    setValues((current) => ({ ...current, code: '' }));
    formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
  };

  return (
    <ModalDialog
      title="Tell me when it’s back"
      closeLabel="Close"
      opener={opener}
      onClose={onClose}
      initialFocus='[name="email"]'
      size="narrow"
    >
      <p className="stock-alert-dialog__item">
        <strong>{item.title}</strong> (SKU {item.sku}) is out of stock. We’ll e-mail you once when it is back.
      </p>
      <form
        ref={formRef}
        className="form stock-alert-dialog__form"
        aria-label={`Alert for ${item.sku}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'email') void sendCode();
          else if (step === 'code') void confirm();
        }}
      >
        <Field
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onValue={set('email')}
          readOnly={step !== 'email'}
        />
        {step === 'email' ? (
          <p className="stock-alert-dialog__hint">
            We’ll send a 6-digit code to this address to confirm it is yours.
          </p>
        ) : null}
        {step === 'code' ? (
          <Field
            id={`${id}-code`}
            name="code"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            error={errors.code}
            onValue={set('code')}
          />
        ) : null}
        <p className="form__success" role="status">
          {news}
        </p>
        <p className="form__failure" role="alert">
          {failure}
        </p>
        <div className="stock-alert-dialog__actions">
          {step === 'email' ? (
            <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
          ) : null}
          {step === 'code' ? (
            <>
              <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
                {busy ? 'Checking…' : 'Confirm'}
              </button>
              <button type="button" className="button button--outline" onClick={() => void sendCode()}>
                Send a new code
              </button>
              <button type="button" className="button button--outline" onClick={useAnotherAddress}>
                Use another e-mail
              </button>
            </>
          ) : null}
          {step === 'done' ? (
            <button ref={doneRef} type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          ) : null}
        </div>
      </form>
    </ModalDialog>
  );
}
