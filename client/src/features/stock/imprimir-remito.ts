/**
 * The door to the dispatch note's PDF code: the document (and react-pdf with it) is loaded with
 * import() when the user prints, never in the page's bundle.
 */
import { createElement } from 'react';
import { printDocument } from '@/imprimibles/print';
import { remitoFileName } from './remito-format';
import type { RemitoData } from './pdf/types';

/** The dispatch note, saved as remito-<numero>.pdf and shown in a tab. */
export async function printRemito(data: RemitoData): Promise<void> {
  const { RemitoPdf } = await import('./pdf/remito-pdf');
  await printDocument(createElement(RemitoPdf, { data }), remitoFileName(data.id));
}
