import type { CompanyView } from '@shop/domain';
import { useId, useState } from 'react';
import { updateCompanySettings } from '../api/update-company-settings';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { CompanySection } from './company-section';
import { OutcomeMessage } from './outcome-message';

/** The company's own setting: whether every order must carry a purchase-order number. */
export function SettingsSection({ company }: { company: CompanyView }) {
  const id = useId();
  const [required, setRequired] = useState(company.po_required);
  const [saving, setSaving] = useState(false);
  const { outcome, say, clear, ref } = useOutcome();
  const sessionEnded = useSessionEnd('/account/company');

  const save = async () => {
    setSaving(true);
    try {
      const answer = await updateCompanySettings({ po_required: required });
      setRequired(answer.po_required);
      say(COMPANY_PAGE_MESSAGES.settingsSaved);
    } catch (error) {
      if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.settingsFailed), true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <CompanySection title="Settings">
      <form
        className="form account-form"
        aria-label="Company settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void save();
        }}
      >
        <div className="form__field form__check">
          <input
            id={`${id}-po`}
            name="po_required"
            type="checkbox"
            checked={required}
            onChange={(event) => {
              clear();
              setRequired(event.target.checked);
            }}
          />
          <label htmlFor={`${id}-po`}>Require a purchase-order number on every order</label>
        </div>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
    </CompanySection>
  );
}
