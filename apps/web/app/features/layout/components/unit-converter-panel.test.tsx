import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { convertAll, UnitConverterPanel } from './unit-converter-panel';

describe('convertAll', () => {
  it('converts one length into every unit, to 4 decimals', () => {
    expect(convertAll('inch', '1')).toEqual({
      micron: '25400.0000',
      gauge: '1000.0000',
      mm: '25.4000',
      inch: '1',
      cm: '2.5400',
      ft: '0.0833',
      m: '0.0254',
      yd: '0.0278',
    });
  });

  it('ignores a negative length', () => {
    expect(convertAll('mm', '-5')).toBeNull();
  });

  it.each(['', '   ', 'abc'])('clears every unit for %j', (raw) => {
    expect(Object.values(convertAll('cm', raw)!)).toEqual(Array(8).fill(''));
  });
});

describe('UnitConverterPanel', () => {
  it('recalculates the other units as one is typed', async () => {
    const user = userEvent.setup();
    render(<UnitConverterPanel open />);
    expect(screen.getByLabelText('Micron')).toHaveFocus();
    await user.type(screen.getByLabelText('Metres (m)'), '2');
    expect(screen.getByLabelText('Millimetres (mm)')).toHaveValue(2000);
    expect(screen.getByLabelText('Yards (yd)')).toHaveValue(2.1872);
    await user.clear(screen.getByLabelText('Metres (m)'));
    expect(screen.getByLabelText('Millimetres (mm)')).toHaveValue(null);
  });
});
