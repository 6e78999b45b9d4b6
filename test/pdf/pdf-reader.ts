/**
 * Reads a PDF back for the printable-document tests, through pdf.js (pdfjs-dist's Node build):
 * pages in order with their size, the text runs with their positions, the placed images with their
 * pixels in gray, and the stroked straight segments (rules and borders). Positions are in points
 * from the top-left corner of the page.
 */
import { join } from 'node:path';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

export type TextRun = { text: string; x: number; y: number; size: number };
export type PlacedImage = { x: number; y: number; width: number; height: number; pixels: Gray };
/** A stroked straight segment; width is the line width. */
export type Segment = { x1: number; y1: number; x2: number; y2: number; width: number };
export type Gray = { width: number; height: number; data: Uint8Array };
export type PdfPage = {
  width: number;
  height: number;
  texts: TextRun[];
  images: PlacedImage[];
  segments: Segment[];
  text: string;
};

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type Matrix = [number, number, number, number, number, number];

let loaded: Promise<PdfJs> | undefined;
/** pdf.js, loaded once (jest compiles its .mjs build; it runs its worker in this thread). */
const pdfjs = (): Promise<PdfJs> => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const STANDARD_FONTS = join(require.resolve('pdfjs-dist/package.json'), '..', 'standard_fonts/');

export async function readPdf(pdf: Uint8Array): Promise<PdfPage[]> {
  const lib = await pdfjs();
  const doc = await lib.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    isOffscreenCanvasSupported: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await readPage(lib, await doc.getPage(n)));
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function readPage(lib: PdfJs, page: PDFPageProxy): Promise<PdfPage> {
  const { width, height } = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  // pdf.js adds whitespace runs of its own between distant glyphs: only drawn text counts.
  const texts = content.items
    .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
    .map(({ str, transform: [, , c, d, e, f] }) => ({
      text: str,
      x: e,
      y: height - f,
      size: Math.hypot(c, d),
    }));
  const { images, segments } = await drawing(lib, page, height);
  return { width, height, texts, images, segments, text: linesOf(texts).join('\n') };
}

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Coordinates each path operator of pdf.js's constructPath takes. */
const PATH_ARGS: Record<string, number> = {
  moveTo: 2,
  lineTo: 2,
  curveTo: 6,
  curveTo2: 4,
  curveTo3: 4,
  rectangle: 4,
};

/** Follows the page's operator list for the transformation matrix, the images and the stroked lines. */
async function drawing(lib: PdfJs, page: PDFPageProxy, height: number) {
  const { OPS } = lib;
  const opName = new Map(Object.entries(OPS).map(([name, code]) => [code, name]));
  const { fnArray, argsArray } = await page.getOperatorList();
  const images: PlacedImage[] = [];
  const segments: Segment[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let lineWidth = 1;
  let path: Segment[] = [];
  const toPage = (x: number, y: number): [number, number] => [
    ctm[0] * x + ctm[2] * y + ctm[4],
    height - (ctm[1] * x + ctm[3] * y + ctm[5]),
  ];
  for (let i = 0; i < fnArray.length; i++) {
    const args = argsArray[i] as unknown[];
    switch (fnArray[i]) {
      case OPS.save:
        saved.push(ctm);
        break;
      case OPS.restore:
        ctm = saved.pop() ?? [1, 0, 0, 1, 0, 0];
        break;
      case OPS.transform:
        ctm = mul(args as Matrix, ctm);
        break;
      case OPS.setLineWidth:
        lineWidth = (args[0] as number) * Math.abs(ctm[3]);
        break;
      case OPS.constructPath: {
        const [ops, coords] = args as [number[], number[]];
        let k = 0;
        let point: [number, number] = [0, 0];
        for (const op of ops) {
          const name = opName.get(op) ?? '';
          const xy = coords.slice(k, k + (PATH_ARGS[name] ?? 0));
          k += xy.length;
          if (name === 'moveTo') point = toPage(xy[0], xy[1]);
          else if (name === 'lineTo') {
            const next = toPage(xy[0], xy[1]);
            path.push({ x1: point[0], y1: point[1], x2: next[0], y2: next[1], width: lineWidth });
            point = next;
          } else if (xy.length >= 2) point = toPage(xy[xy.length - 2], xy[xy.length - 1]);
        }
        break;
      }
      case OPS.stroke:
      case OPS.closeStroke:
      case OPS.fillStroke:
      case OPS.eoFillStroke:
      case OPS.closeFillStroke:
      case OPS.closeEOFillStroke:
        // The width in force when stroked: a painter may set it after building the path.
        segments.push(...path.map((segment) => ({ ...segment, width: lineWidth })));
        path = [];
        break;
      case OPS.fill:
      case OPS.eoFill:
      case OPS.endPath:
        path = [];
        break;
      case OPS.paintImageXObject: {
        // the image fills the unit square of the current matrix
        const [x0, y0] = toPage(0, 0);
        const [x1, y1] = toPage(1, 1);
        images.push({
          x: Math.min(x0, x1),
          y: Math.min(y0, y1),
          width: Math.abs(x1 - x0),
          height: Math.abs(y1 - y0),
          pixels: await imagePixels(lib, page, args[0] as string),
        });
        break;
      }
    }
  }
  return { images, segments };
}

type DecodedImage = { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray };

async function imagePixels(lib: PdfJs, page: PDFPageProxy, id: string): Promise<Gray> {
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  const image = await new Promise<DecodedImage>((resolve) => objs.get(id, resolve));
  const { width, height, kind, data } = image;
  const gray = new Uint8Array(width * height);
  if (kind === lib.ImageKind.GRAYSCALE_1BPP) {
    // one bit a pixel, rows padded to whole bytes
    const stride = Math.ceil(width / 8);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        gray[y * width + x] = (data[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
  } else {
    const channels = kind === lib.ImageKind.RGBA_32BPP ? 4 : 3;
    for (let p = 0; p < width * height; p++) {
      const [r, g, b] = [data[p * channels], data[p * channels + 1], data[p * channels + 2]];
      gray[p] = Math.round((r + g + b) / 3);
    }
  }
  return { width, height, data: gray };
}

/** Text runs grouped into visual lines (same baseline), left to right. */
export function linesOf(texts: TextRun[], tolerance = 1.5): string[] {
  const sorted = [...texts].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const t of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last[0].y - t.y) <= tolerance) last.push(t);
    else lines.push([t]);
  }
  return lines.map((l) =>
    l
      .sort((a, b) => a.x - b.x)
      .map((t) => t.text)
      .join(' '),
  );
}

/** The runs whose text contains `needle`. */
export function find(page: PdfPage, needle: string): TextRun[] {
  return page.texts.filter((t) => t.text.includes(needle));
}
