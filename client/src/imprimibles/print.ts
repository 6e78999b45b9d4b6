/**
 * The only door to the PDF code: @react-pdf/renderer and the document modules are loaded with
 * import() when the user prints, so none of it is in the first page's bundle. Nothing else may
 * import them statically.
 */
import { createElement, type ReactElement } from 'react';
import type {
  CphFormData,
  CphPage,
  DonacionImprimible,
  DonationSheetData,
  LabelSheetData,
  ServicioImprimible,
} from './types';
import { cphFileName, donationSheetFileName, labelSheetFileName } from './format';

async function toBlob(doc: ReactElement): Promise<Blob> {
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
export function preloadLabelSheet(): void {
  if (typeof window === 'undefined') return;
  const load = () => {
    import('./label-sheet').catch(() => {
      // The click loads it again and reports the failure there.
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load);
  else setTimeout(load, 1);
}

export async function renderLabelSheet(data: LabelSheetData): Promise<Blob> {
  const { LabelSheet } = await import('./label-sheet');
  return toBlob(createElement(LabelSheet, { data }));
}

export async function renderDonationSheet(data: DonationSheetData): Promise<Blob> {
  const { DonationSheet } = await import('./donation-sheet');
  return toBlob(createElement(DonationSheet, { data }));
}

export async function renderRegisterBook(
  donaciones: DonacionImprimible[],
  servicio: ServicioImprimible,
): Promise<{ blob: Blob; fileName: string }> {
  const { RegisterBook, fileName } = await import('./register-book');
  return { blob: await toBlob(createElement(RegisterBook, { donaciones, servicio })), fileName: fileName() };
}

export async function renderCph(data: CphFormData, page?: CphPage): Promise<Blob> {
  const { CphForms } = await import('./cph-forms');
  return toBlob(createElement(CphForms, { data, pages: page ? [page] : undefined }));
}

/** 'Generar Etiquetas': the 6-label sheet, saved as etiquetas-<numero>.pdf and shown in a tab. */
export async function printLabelSheet(data: LabelSheetData): Promise<void> {
  openAndSave(await renderLabelSheet(data), labelSheetFileName(data.numero));
}

/** The donation sheet, saved as hemodonacion-<numero>.pdf and shown in a tab. */
export async function printDonationSheet(data: DonationSheetData): Promise<void> {
  openAndSave(await renderDonationSheet(data), donationSheetFileName(data.donacion.numero));
}

/** 'Imprimir Libro': downloads donaciones-DD-MM-YYYY.pdf. The caller hides the button for an empty list. */
export async function printRegisterBook(
  donaciones: DonacionImprimible[],
  servicio: ServicioImprimible,
): Promise<void> {
  if (donaciones.length === 0) return;
  const { blob, fileName } = await renderRegisterBook(donaciones, servicio);
  download(blob, fileName);
}

/**
 * One page (1, 2 or 3) of the CPH registry form, saved as cph-<dni>-pagina-<n>.pdf, or all three
 * (cph-<dni>.pdf) when page is omitted; shown in a tab too.
 */
export async function printCph(data: CphFormData, page?: CphPage): Promise<void> {
  openAndSave(await renderCph(data, page), cphFileName(data.donante.dni, page));
}
