/**
 * The door to the component labels' PDF code: the document (and react-pdf with it) is loaded
 * with import() when the user prints, never in the page's bundle.
 */
import { createElement } from 'react';
import { printDocument } from '@/imprimibles/print';
import { etiquetasComponentesFileName } from './componentes-format';
import type { EtiquetasComponentesData } from './pdf/types';

/** The labels of the given components, saved as etiqueta(s)-<codigo>.pdf and shown in a tab. */
export async function printEtiquetasComponentes(data: EtiquetasComponentesData): Promise<void> {
  if (data.componentes.length === 0) return;
  const { EtiquetaComponentePdf } = await import('./pdf/etiqueta-componente-pdf');
  await printDocument(
    createElement(EtiquetaComponentePdf, { data }),
    etiquetasComponentesFileName(data.componentes.map((c) => c.codigo)),
  );
}

/** Starts loading the label's code once the browser is idle, so the first print does not wait for it. */
export function preloadEtiquetasComponentes(): void {
  if (typeof window === 'undefined') return;
  const load = () => {
    import('./pdf/etiqueta-componente-pdf').catch(() => {
      // The click loads it again and reports the failure there.
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load);
  else setTimeout(load, 1);
}
