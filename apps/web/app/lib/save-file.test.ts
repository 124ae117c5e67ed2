import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, saveFile } from './save-file';

describe('saveFile', () => {
  const clicked: { href: string; download: string; attached: boolean }[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    clicked.splice(0);
    // jsdom has no object URLs and does not navigate.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/1'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download, attached: this.isConnected });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a download link to an object URL of the file, leaves no link behind and frees the URL later', () => {
    const blob = new Blob(['%PDF-1.7']);
    saveFile(blob, 'invoice-INV-000042.pdf');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'invoice-INV-000042.pdf', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();

    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });
});
