/** A document ready to send: its file name and bytes. */
export interface RenderedDocument {
  filename: string;
  content: Buffer;
}
