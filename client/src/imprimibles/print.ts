/**
 * The only door to the PDF code: @react-pdf/renderer and the document modules are loaded with
 * import() when the user prints, so none of it is in the first page's bundle. Nothing else may
 * import them statically.
 */
import { createElement, type ReactElement } from 'react';
import type {
  ConstanciaPdfData,
  CphPdfData,
  CphPage,
  DonacionImprimible,
  HemodonacionPdfData,
  EtiquetasPdfData,
  ReportePdfData,
  ServicioImprimible,
} from './types';
import { constanciaFileName, cphFileName, hemodonacionFileName, etiquetasFileName } from './format';
import { reporteFileName } from './reporte-format';

/**
 * @react-pdf/layout asks of every image it loads `Buffer.isBuffer(source)`, the Node global,
 * unguarded: in a browser that throws once the image is loaded, and react-pdf logs 'Buffer is not
 * defined' for each barcode of a label sheet. No value in a browser is a Node Buffer, so where
 * there is no Buffer, one that says exactly that is all it needs.
 */
function ensureBufferCheck(): void {
  const scope = globalThis as unknown as { Buffer?: { isBuffer: (value: unknown) => boolean } };
  scope.Buffer ??= { isBuffer: () => false };
}

async function toBlob(doc: ReactElement): Promise<Blob> {
  ensureBufferCheck();
  const { pdf } = await import('@react-pdf/renderer');
  // pdf() expects a <Document> element; each module's component returns one.
  return pdf(doc as Parameters<typeof pdf>[0]).toBlob();
}

/** How long a PDF's object URL lives: the new tab and the download have read it long before. */
const URL_LIFETIME_MS = 60_000;

/**
 * Saves the PDF under its name (an <a download>: the only way a browser takes a name for a blob)
 * and shows it in a new tab to print at once. A blob URL has no name of its own, so without the
 * download the viewer would save it as a random id; the tab's title is the PDF's own (each
 * document sets it to its file name). A blocked pop-up still leaves the named download.
 */
function openAndSave(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  download(blob, fileName, url);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}

/** Saves a file the app made (a PDF, the report's CSV) under its name, with an <a download>. */
export function downloadBlob(blob: Blob, fileName: string): void {
  download(blob, fileName);
}

function download(blob: Blob, fileName: string, existingUrl?: string): void {
  const url = existingUrl ?? URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (!existingUrl) setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}

/**
 * Starts loading the label sheet's code (react-pdf with it) once the browser is idle, so that the
 * first 'Generar Etiquetas' of a screen does not wait for half a megabyte of JavaScript. Where
 * there is no idle callback (Safari), just after the current work instead.
 */
export function preloadEtiquetas(): void {
  if (typeof window === 'undefined') return;
  const load = () => {
    import('./etiquetas-pdf').catch(() => {
      // The click loads it again and reports the failure there.
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load);
  else setTimeout(load, 1);
}

export async function renderEtiquetas(data: EtiquetasPdfData): Promise<Blob> {
  const { EtiquetasPdf } = await import('./etiquetas-pdf');
  return toBlob(createElement(EtiquetasPdf, { data }));
}

export async function renderHemodonacion(data: HemodonacionPdfData): Promise<Blob> {
  const { HemodonacionPdf } = await import('./hemodonacion-pdf');
  return toBlob(createElement(HemodonacionPdf, { data }));
}

export async function renderConstancia(data: ConstanciaPdfData): Promise<Blob> {
  const { ConstanciaPdf } = await import('./constancia-pdf');
  return toBlob(createElement(ConstanciaPdf, { data }));
}

export async function renderLibro(
  donaciones: DonacionImprimible[],
  servicio: ServicioImprimible,
): Promise<{ blob: Blob; fileName: string }> {
  const { LibroPdf, fileName } = await import('./libro-pdf');
  return { blob: await toBlob(createElement(LibroPdf, { donaciones, servicio })), fileName: fileName() };
}

export async function renderCph(data: CphPdfData, page?: CphPage): Promise<Blob> {
  const { CphPdf } = await import('./cph-pdf');
  return toBlob(createElement(CphPdf, { data, pages: page ? [page] : undefined }));
}

export async function renderReporte(data: ReportePdfData): Promise<Blob> {
  const { ReportePdf } = await import('./reporte-pdf');
  return toBlob(createElement(ReportePdf, { data }));
}

/**
 * A feature's own printable (a <Document> its module made, that module loaded with import() by
 * the feature): saved under its name and shown in a tab, as the documents here.
 */
export async function printDocument(doc: ReactElement, fileName: string): Promise<void> {
  openAndSave(await toBlob(doc), fileName);
}

/** 'Generar Etiquetas': the 6-label sheet, saved as etiquetas-<numero>.pdf and shown in a tab. */
export async function printEtiquetas(data: EtiquetasPdfData): Promise<void> {
  openAndSave(await renderEtiquetas(data), etiquetasFileName(data.numero));
}

/** The donation sheet, saved as hemodonacion-<numero>.pdf and shown in a tab. */
export async function printHemodonacion(data: HemodonacionPdfData): Promise<void> {
  openAndSave(await renderHemodonacion(data), hemodonacionFileName(data.donacion.numero));
}

/** 'Constancia': the donation's (or a 'No apto' visit's) certificate, saved as constancia-<dni>-<fecha>.pdf and shown in a tab. */
export async function printConstancia(data: ConstanciaPdfData): Promise<void> {
  const fecha = data.tipo === 'donacion' ? data.donacion.fecha : data.visita.fecha;
  openAndSave(await renderConstancia(data), constanciaFileName(data.donante.dni, fecha));
}

/** 'Imprimir Libro': downloads donaciones-DD-MM-YYYY.pdf. The caller hides the button for an empty list. */
export async function printLibro(
  donaciones: DonacionImprimible[],
  servicio: ServicioImprimible,
): Promise<void> {
  if (donaciones.length === 0) return;
  const { blob, fileName } = await renderLibro(donaciones, servicio);
  download(blob, fileName);
}

/**
 * One page (1, 2 or 3) of the CPH registry form, saved as cph-<dni>-pagina-<n>.pdf, or all three
 * (cph-<dni>.pdf) when page is omitted; shown in a tab too.
 */
export async function printCph(data: CphPdfData, page?: CphPage): Promise<void> {
  openAndSave(await renderCph(data, page), cphFileName(data.donante.dni, page));
}

/** 'Descargar PDF' of /reportes: the one-page report, saved as reporte-<desde>-a-<hasta>.pdf. */
export async function printReporte(data: ReportePdfData): Promise<void> {
  const { desde, hasta } = data.indicadores;
  download(await renderReporte(data), reporteFileName(desde, hasta, 'pdf'));
}
