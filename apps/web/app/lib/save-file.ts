/** How long the browser keeps a saved file's object URL: the download has its data long before. */
export const OBJECT_URL_LIFETIME_MS = 30_000;

/**
 * Saves a Blob the page fetched as a file named `filename`: an object URL clicked through a hidden
 * <a download>, then revoked. Not at once: some browsers start reading the URL only after the click's task.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
