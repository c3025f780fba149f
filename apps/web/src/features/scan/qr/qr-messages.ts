/** What the page and the decoding worker say to each other. */
export interface DecodeRequest {
  id: number;
  /** An ImageBitmap is transferred (no copy); ImageData is the fallback where OffscreenCanvas is missing. */
  frame: ImageBitmap | ImageData;
}

export type DecodeReply = { id: number; texts: string[] } | { id: number; error: string };
