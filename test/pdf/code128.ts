/**
 * The tests' barcode scanner: ZXing's CODE128 reader over the pixels of a printed image, plus the
 * width of the quiet zones, which ZXing does not report.
 */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  Exception,
  GlobalHistogramBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Gray } from './pdf-reader';

export type Decoded = { text: string; quietLeft: number; quietRight: number };

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);

/** The CODE128 text of the image, with its quiet zones in modules (taken on the middle row). */
export function decodeCode128(image: Gray): Decoded | null {
  const source = new RGBLuminanceSource(Uint8ClampedArray.from(image.data), image.width, image.height);
  const reader = new MultiFormatReader();
  let text: string;
  try {
    text = reader.decode(new BinaryBitmap(new GlobalHistogramBinarizer(source)), hints).getText();
  } catch (e) {
    // not found, bad checksum or bad format: not a readable barcode
    if (e instanceof Exception) return null;
    throw e;
  }
  const middle = Math.floor(image.height / 2) * image.width;
  const dark = Array.from(image.data.subarray(middle, middle + image.width), (v) => v < 128);
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  // the narrowest bar or space is one module (the stop pattern always has some)
  let module = Infinity;
  for (let i = first, j = first; i <= last; i = j) {
    while (j <= last && dark[j] === dark[i]) j++;
    module = Math.min(module, j - i);
  }
  return { text, quietLeft: first / module, quietRight: (image.width - 1 - last) / module };
}
