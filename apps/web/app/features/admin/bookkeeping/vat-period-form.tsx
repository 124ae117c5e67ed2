import {
  recentVatPeriods,
  staggerOf,
  ukToday,
  VAT_STAGGER_LABELS,
  VAT_STAGGERS,
  type VatStagger,
  vatPeriodLabel,
} from '@shop/domain';
import { useState } from 'react';
import { Form } from 'react-router';
import { AdminSelect } from '../components/admin-field';

/** The periods offered: the one under way and the twelve before it (three years), newest first. */
const PERIODS_SHOWN = 12;

/**
 * Chooses the VAT period of the return: the shop's quarters (calendar, or one of HMRC's two staggers), then a
 * period of them by its months. Sends `?period=YYYY-MM`, the month the period ends; the quarters select only
 * changes which periods are offered.
 */
export function VatPeriodForm({ period }: { period: string | null }) {
  const [stagger, setStagger] = useState<VatStagger>(period ? staggerOf(period) : 1);
  const periods = recentVatPeriods(stagger, ukToday(), PERIODS_SHOWN);
  const chosen = period && staggerOf(period) === stagger ? period : periods[1]!;
  const options = periods.includes(chosen) ? periods : [chosen, ...periods];
  return (
    <Form method="get" className="admin-filters" aria-label="Choose the VAT period">
      <AdminSelect
        id="vat-stagger"
        name={undefined}
        label="VAT quarters"
        value={stagger}
        onChange={(event) => setStagger(Number(event.target.value) as VatStagger)}
      >
        {VAT_STAGGERS.map((s) => (
          <option key={s} value={s}>
            {VAT_STAGGER_LABELS[s]}
          </option>
        ))}
      </AdminSelect>
      <AdminSelect id="period" label="Period" defaultValue={chosen} key={`${stagger}-${chosen}`}>
        {options.map((p) => (
          <option key={p} value={p}>
            {vatPeriodLabel(p)}
          </option>
        ))}
      </AdminSelect>
      <button type="submit" className="admin-button">
        Show
      </button>
    </Form>
  );
}
