import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE_SEARCH, sizeSearchFormFromParams, validateSizeSearchForm } from './size-search-form';

const params = (query: string) => new URLSearchParams(query);

describe('sizeSearchFormFromParams', () => {
  it('defaults to MM, boxes and Approx Size when the query says nothing', () => {
    expect(sizeSearchFormFromParams(params(''))).toEqual(DEFAULT_SIZE_SEARCH);
  });

  it('reads every parameter back, case-insensitively, singular categories included', () => {
    expect(
      sizeSearchFormFromParams(
        params(
          'width=30&height=20&length=0&measurement_unit=cm&category=Bag&approx_size=false&minimum_size=true',
        ),
      ),
    ).toEqual({
      width: '30',
      height: '20',
      length: '',
      measurement_unit: 'CM',
      category: 'bags',
      size: 'minimum',
    });
  });

  it('falls back to MM for an invalid unit and to boxes for an invalid category', () => {
    const form = sizeSearchFormFromParams(params('measurement_unit=ft&category=tubes'));
    expect(form.measurement_unit).toBe('MM');
    expect(form.category).toBe('boxes');
  });

  it('keeps Approx Size when both flags are set', () => {
    expect(sizeSearchFormFromParams(params('approx_size=true&minimum_size=true')).size).toBe('approx');
  });
});

describe('validateSizeSearchForm', () => {
  const valid = { ...DEFAULT_SIZE_SEARCH, width: '30', height: '20' };

  it('gives the seven /search parameters, empty dimensions as 0', () => {
    const result = validateSizeSearchForm({ ...valid, measurement_unit: 'CM', size: 'minimum' });
    expect(result.ok && Object.fromEntries(result.params)).toEqual({
      width: '30',
      height: '20',
      length: '0',
      measurement_unit: 'CM',
      category: 'boxes',
      approx_size: 'false',
      minimum_size: 'true',
    });
  });

  it.each([
    ['all empty', { width: '', height: '', length: '' }],
    ['only one positive', { width: '30', height: '', length: '' }],
    ['a negative', { width: '-1', height: '20', length: '10' }],
    ['over 100', { width: '101', height: '20', length: '' }],
    ['not a number', { width: 'abc', height: '20', length: '10' }],
  ])("says 'Two dimensions must be positive.' for %s", (_name, dimensions) => {
    expect(validateSizeSearchForm({ ...valid, ...dimensions })).toEqual({
      ok: false,
      message: 'Two dimensions must be positive.',
    });
  });

  it("says 'Select a category.' and 'Select a unit.', dimensions first", () => {
    expect(validateSizeSearchForm({ ...valid, category: '' })).toEqual({
      ok: false,
      message: 'Select a category.',
    });
    expect(validateSizeSearchForm({ ...valid, measurement_unit: '' })).toEqual({
      ok: false,
      message: 'Select a unit.',
    });
    expect(validateSizeSearchForm({ ...valid, category: '', measurement_unit: '' })).toEqual({
      ok: false,
      message: 'Select a category.',
    });
    expect(validateSizeSearchForm({ ...valid, width: '', category: '' })).toEqual({
      ok: false,
      message: 'Two dimensions must be positive.',
    });
  });

  it('round-trips: the query a form makes prefills the same form', () => {
    const form = { ...valid, length: '12.5', measurement_unit: 'IN' as const, category: 'postal' as const };
    const result = validateSizeSearchForm(form);
    expect(result.ok).toBe(true);
    if (result.ok) expect(sizeSearchFormFromParams(result.params)).toEqual(form);
  });
});
