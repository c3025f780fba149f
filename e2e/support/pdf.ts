import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every text of every page of a PDF, joined, and how many pages it has. */
export async function pdfPages(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { pages: document.numPages, text: texts.join('\n') };
  } finally {
    await document.destroy();
  }
}

/** Every text of every page of a PDF, joined. */
export async function pdfText(bytes: Buffer): Promise<string> {
  return (await pdfPages(bytes)).text;
}
