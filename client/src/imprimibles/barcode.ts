/**
 * CODE128 barcodes as PNG data URLs for <Image>: JsBarcode encodes the value into its module
 * pattern and we paint that into a grayscale PNG ourselves, the same in the browser and in Node.
 * Not a canvas: a canvas gives an RGBA PNG, which react-pdf decodes, splits into colour and alpha
 * and compresses again for every label (about 100 ms of the sheet's time in Chromium), while a
 * grayscale PNG without alpha goes into the PDF as it is. A maker returns null when the value
 * cannot be encoded, and the label then prints the number as plain text.
 */
import JsBarcode from 'jsbarcode';
import { encodeGrayPng, pngDataUrl } from './png';

export type BarcodeImage = {
  /** PNG data URL */
  src: string;
  /** pixel size of the PNG (one row: the label stretches it to its barcode height) */
  width: number;
  height: number;
};

export type BarcodeMaker = (value: string) => BarcodeImage | null;

/** Quiet zone on each side, in modules (scanners need at least 10). */
export const QUIET_ZONE_MODULES = 12;
const MODULE_PX = 3;
/** Every row of a barcode is the same: one row, stretched to the label's barcode height. */
const BAR_HEIGHT_PX = 1;

/** The CODE128 module pattern ('1' bar, '0' space), or null if the value cannot be encoded. */
function code128Modules(value: string): string | null {
  if (!value) return null;
  const target: { encodings?: { data: string }[] } = {};
  try {
    JsBarcode(target, value, { format: 'CODE128' });
  } catch {
    return null;
  }
  const data = (target.encodings ?? []).map((e) => e.data).join('');
  return /^[01]+$/.test(data) ? data : null;
}

/** Paints the pattern into a grayscale PNG: no canvas needed. */
export const pngBarcodeMaker: BarcodeMaker = (value) => {
  const modules = code128Modules(value);
  if (!modules) return null;
  const width = (modules.length + 2 * QUIET_ZONE_MODULES) * MODULE_PX;
  const height = BAR_HEIGHT_PX;
  const row = new Uint8Array(width).fill(255);
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] === '1') {
      row.fill(0, (QUIET_ZONE_MODULES + i) * MODULE_PX, (QUIET_ZONE_MODULES + i + 1) * MODULE_PX);
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) pixels.set(row, y * width);
  return { src: pngDataUrl(encodeGrayPng(width, height, pixels)), width, height };
};

/** A maker that never throws: any failure means "no barcode" (plain-text fallback). */
export function safeBarcode(maker: BarcodeMaker, value: string): BarcodeImage | null {
  try {
    return maker(value);
  } catch {
    return null;
  }
}
