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

async function toBlob(doc: ReactElement): Promise<Blob> {
  const { pdf } = await import('@react-pdf/renderer');
  // pdf() expects a <Document> element; each module's component returns one.
  return pdf(doc as Parameters<typeof pdf>[0]).toBlob();
}

function open(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank');
  if (!win) download(blob, 'documento.pdf', url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function download(blob: Blob, fileName: string, existingUrl?: string): void {
  const url = existingUrl ?? URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (!existingUrl) setTimeout(() => URL.revokeObjectURL(url), 60_000);
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

/** 'Generar Etiquetas': opens the 6-label sheet. */
export async function printLabelSheet(data: LabelSheetData): Promise<void> {
  open(await renderLabelSheet(data));
}

export async function printDonationSheet(data: DonationSheetData): Promise<void> {
  open(await renderDonationSheet(data));
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

/** One page (1, 2 or 3) of the CPH registry form, or all three when page is omitted. */
export async function printCph(data: CphFormData, page?: CphPage): Promise<void> {
  open(await renderCph(data, page));
}
