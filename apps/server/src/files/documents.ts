import fs from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';
import { AppError } from '../lib/app-error.js';

/** What a refusal says, in the words of the document being uploaded. */
export interface DocumentMessages {
  notPdf: string;
  activeContent: string;
}

/** What makes a PDF do something when opened or clicked, beyond showing pages and following links. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA'];
const ACTIVE_ACTIONS = ['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'GoToE', 'Rendition'];

/** The first piece of active content in a parsed PDF, or undefined: every object, direct or not, is looked at. */
function activeContent(document: PDFDocument): string | undefined {
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  pending.push(document.catalog);
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (seen.has(object)) continue;
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (ACTIVE_KEYS.includes(name)) return name;
        if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.includes(value.decodeText())) {
          return value.decodeText();
        }
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFRef) {
      const target = document.context.lookup(object);
      if (target) pending.push(target);
    }
  }
  return undefined;
}

/**
 * A PDF as the server keeps it (safety data sheets, product labels): parsed whole with pdf-lib, not only its
 * first bytes: "%PDF-" followed by an HTML page, or a PDF with no page, is refused (400); so is one that runs
 * JavaScript, launches a program, submits a form or carries embedded files, on opening or on a click (what a
 * viewer's link does, GoTo and URI, is allowed). pdf-lib parses in slices of objects between turns of the event
 * loop, so a large document does not hold other requests. An owner password (printing or copying restricted,
 * as some manufacturers publish) does not hide the names looked at, so such a PDF is checked too.
 */
export async function checkPdf(path: string, messages: DocumentMessages): Promise<void> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(await fs.readFile(path), {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    if (document.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw AppError.badRequest(messages.notPdf);
  }
  if (activeContent(document)) throw AppError.badRequest(messages.activeContent);
}

/** Whether a stored PDF parses and holds no active content: it may then be shown in the browser, not only saved. */
export async function isCleanPdf(content: Buffer): Promise<boolean> {
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0 && activeContent(document) === undefined;
  } catch {
    return false;
  }
}
