/**
 * The door to the registers' PDF code: the document (and react-pdf with it) is loaded with import()
 * when the user asks for it, never in the page's bundle.
 */
import { createElement } from 'react';
import { printDocument } from '@/imprimibles/print';
import { registroFileName, type RegistroPdfData } from './registros-format';

/** A period's register as an A4 PDF, saved as registro-<clave>-<desde>-a-<hasta>.pdf and shown in a tab. */
export async function printRegistro(data: RegistroPdfData): Promise<void> {
  const { RegistroPdf } = await import('./pdf/registro-pdf');
  await printDocument(
    createElement(RegistroPdf, { data }),
    registroFileName(data.clave, data.desde, data.hasta, 'pdf'),
  );
}
