/**
 * A small PDF reader for tests of @react-pdf/renderer output: pages in order with their MediaBox,
 * text runs with positions (standard fonts, WinAnsi), placed images with their gray pixels, and
 * stroked straight segments (rules and borders).
 * Enough for react-pdf's own output; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export type TextRun = { text: string; x: number; y: number; size: number };
export type PlacedImage = { x: number; y: number; width: number; height: number; pixels: Gray };
/** A stroked straight segment, in points from the top-left corner; width is the line width. */
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

type Obj = { dict: string; stream: Buffer | null };
type Matrix = [number, number, number, number, number, number];

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

function readObjects(pdf: Buffer): Map<number, Obj> {
  const objects = new Map<number, Obj>();
  const latin = pdf.toString('latin1');
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(latin))) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endobj', start);
    const body = latin.slice(start, end);
    const s = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (s >= 0 && /^\s*<</.test(body)) {
      dict = body.slice(0, s);
      const lenMatch = /\/Length (\d+)(?: 0 R)?/.exec(dict);
      let dataStart = start + s + 'stream'.length;
      if (latin[dataStart] === '\r') dataStart++;
      if (latin[dataStart] === '\n') dataStart++;
      let length = lenMatch ? Number(lenMatch[1]) : 0;
      if (lenMatch && / 0 R/.test(lenMatch[0])) length = -1;
      const raw =
        length >= 0
          ? pdf.subarray(dataStart, dataStart + length)
          : pdf.subarray(dataStart, latin.indexOf('endstream', dataStart));
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : Buffer.from(raw);
    }
    objects.set(Number(m[1]), { dict, stream });
    re.lastIndex = end;
  }
  return objects;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

function pageIds(objects: Map<number, Obj>, id: number): number[] {
  const dict = objects.get(id)!.dict;
  if (/\/Type\s*\/Pages/.test(dict)) {
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict)![1];
    return [...kids.matchAll(/(\d+) 0 R/g)].flatMap((k) => pageIds(objects, Number(k[1])));
  }
  return [id];
}

function tokenize(content: string): (string | number | { hex: string } | { str: string } | unknown[])[] {
  const tokens: ReturnType<typeof tokenize> = [];
  const stack: unknown[][] = [];
  const push = (t: unknown) => (stack.length ? stack[stack.length - 1].push(t) : tokens.push(t as never));
  let i = 0;
  while (i < content.length) {
    const c = content[i];
    if (/\s/.test(c)) i++;
    else if (c === '[') {
      stack.push([]);
      i++;
    } else if (c === ']') {
      const arr = stack.pop()!;
      push(arr);
      i++;
    } else if (c === '<' && content[i + 1] === '<') {
      const end = content.indexOf('>>', i);
      i = end + 2;
    } else if (c === '<') {
      const end = content.indexOf('>', i);
      push({ hex: content.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '(') {
      let depth = 1;
      let j = i + 1;
      let s = '';
      while (depth > 0) {
        const ch = content[j];
        if (ch === '\\') {
          const nx = content[j + 1];
          const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', '(': '(', ')': ')', '\\': '\\' };
          if (/[0-7]/.test(nx)) {
            const oct = /^[0-7]{1,3}/.exec(content.slice(j + 1))![0];
            s += String.fromCharCode(parseInt(oct, 8));
            j += 1 + oct.length;
            continue;
          }
          s += map[nx] ?? nx;
          j += 2;
          continue;
        }
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        if (depth > 0) s += ch;
        j++;
      }
      push({ str: s });
      i = j;
    } else {
      const m = /^[^\s[\]<>()/]+|^\/[^\s[\]<>()/]*/.exec(content.slice(i, i + 200))!;
      const word = m[0];
      push(/^[-+]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : word);
      i += word.length;
    }
  }
  return tokens;
}

const decodeHex = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1');

/** Undo PNG row filters (the /Predictor 15 data pdfkit embeds from PNG files). */
function unfilter(data: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x];
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let v = raw;
      if (filter === 1) v = raw + a;
      else if (filter === 2) v = raw + b;
      else if (filter === 3) v = raw + Math.floor((a + b) / 2);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = raw + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + x] = v & 0xff;
    }
  }
  return out;
}

function readImage(objects: Map<number, Obj>, obj: Obj): Gray {
  const parmsRef = ref(obj.dict, 'DecodeParms');
  const parms = parmsRef !== null ? objects.get(parmsRef)!.dict : obj.dict;
  const width = Number(/\/Width (\d+)/.exec(obj.dict)![1]);
  const height = Number(/\/Height (\d+)/.exec(obj.dict)![1]);
  const colors = /\/DeviceRGB/.test(obj.dict) ? 3 : 1;
  let data: Uint8Array = obj.stream!;
  if (/\/Predictor/.test(parms)) data = unfilter(obj.stream!, width, height, colors);
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    gray[i] = colors === 1 ? data[i] : Math.round((data[i * 3] + data[i * 3 + 1] + data[i * 3 + 2]) / 3);
  }
  return { width, height, data: gray };
}

function resourceDict(objects: Map<number, Obj>, pageDict: string, kind: string): Map<string, number> {
  let res = pageDict;
  const resRef = ref(pageDict, 'Resources');
  if (resRef !== null) res = objects.get(resRef)!.dict;
  const names = new Map<string, number>();
  let section = new RegExp(`/${kind}\\s*<<([^>]*)>>`).exec(res)?.[1];
  const secRef = ref(res, kind);
  if (!section && secRef !== null) section = objects.get(secRef)!.dict;
  for (const m of (section ?? '').matchAll(/\/([^\s/]+)\s+(\d+) 0 R/g)) names.set(m[1], Number(m[2]));
  return names;
}

export function readPdf(pdf: Buffer): PdfPage[] {
  const objects = readObjects(pdf);
  const root = ref(pdf.toString('latin1').slice(pdf.toString('latin1').lastIndexOf('trailer')), 'Root')!;
  const pagesId = ref(objects.get(root)!.dict, 'Pages')!;
  return pageIds(objects, pagesId).map((id) => {
    const dict = objects.get(id)!.dict;
    const box = /\/MediaBox\s*\[([^\]]*)\]/.exec(dict)![1].trim().split(/\s+/).map(Number);
    const width = box[2] - box[0];
    const height = box[3] - box[1];
    const contentIds = [.../\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(dict)![1].matchAll(/(\d+) 0 R/g)].map(
      (m) => Number(m[1]),
    );
    const content = contentIds.map((c) => objects.get(c)!.stream!.toString('latin1')).join('\n');
    const xobjects = resourceDict(objects, dict, 'XObject');
    const texts: TextRun[] = [];
    const images: PlacedImage[] = [];
    const segments: Segment[] = [];
    // the current path's straight segments, in page space, until it is stroked
    let path: Segment[] = [];
    let point: [number, number] = [0, 0];
    let lineWidth = 1;
    const toPage = (x: number, y: number): [number, number] => [
      ctm[0] * x + ctm[2] * y + ctm[4],
      height - (ctm[1] * x + ctm[3] * y + ctm[5]),
    ];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const saved: Matrix[] = [];
    let tm: Matrix = [1, 0, 0, 1, 0, 0];
    let line: Matrix = [1, 0, 0, 1, 0, 0];
    let size = 0;
    const operands: unknown[] = [];
    const emit = (text: string) => {
      const m = mul(tm, ctm);
      texts.push({ text, x: m[4], y: height - m[5], size: size * Math.abs(m[3]) });
    };
    for (const token of tokenize(content)) {
      if (typeof token !== 'string' || token.startsWith('/')) {
        operands.push(token);
        continue;
      }
      const nums = operands.filter((o): o is number => typeof o === 'number');
      switch (token) {
        case 'q':
          saved.push(ctm);
          break;
        case 'Q':
          ctm = saved.pop() ?? [1, 0, 0, 1, 0, 0];
          break;
        case 'cm':
          ctm = mul(nums.slice(-6) as Matrix, ctm);
          break;
        case 'w':
          lineWidth = nums[nums.length - 1] * Math.abs(ctm[3]);
          break;
        case 'm':
          point = toPage(nums[0], nums[1]);
          break;
        case 'l': {
          const next = toPage(nums[0], nums[1]);
          path.push({ x1: point[0], y1: point[1], x2: next[0], y2: next[1], width: lineWidth });
          point = next;
          break;
        }
        case 'S':
          segments.push(...path);
          path = [];
          break;
        case 'n':
        case 'f':
        case 'f*':
          path = [];
          break;
        case 'BT':
          tm = [1, 0, 0, 1, 0, 0];
          line = tm;
          break;
        case 'Tm':
          tm = nums.slice(-6) as Matrix;
          line = tm;
          break;
        case 'Td':
        case 'TD':
          line = mul([1, 0, 0, 1, nums[0], nums[1]], line);
          tm = line;
          break;
        case 'Tf':
          size = nums[nums.length - 1];
          break;
        case 'Tj':
        case "'":
        case 'TJ': {
          const arg = operands[operands.length - 1];
          const parts = Array.isArray(arg) ? arg : [arg];
          const text = parts
            .map((p) =>
              p && typeof p === 'object' && 'hex' in p
                ? decodeHex((p as { hex: string }).hex)
                : p && typeof p === 'object' && 'str' in p
                  ? (p as { str: string }).str
                  : '',
            )
            .join('');
          if (text) emit(text);
          break;
        }
        case 'Do': {
          const name = String(operands[operands.length - 1]).slice(1);
          const objId = xobjects.get(name);
          const obj = objId !== undefined ? objects.get(objId) : undefined;
          if (obj && /\/Subtype\s*\/Image/.test(obj.dict)) {
            const x0 = ctm[4];
            const y0 = ctm[5];
            const x1 = ctm[0] + ctm[2] + ctm[4];
            const y1 = ctm[1] + ctm[3] + ctm[5];
            images.push({
              x: Math.min(x0, x1),
              y: height - Math.max(y0, y1),
              width: Math.abs(x1 - x0),
              height: Math.abs(y1 - y0),
              pixels: readImage(objects, obj),
            });
          }
          break;
        }
      }
      operands.length = 0;
    }
    return { width, height, texts, images, segments, text: linesOf(texts).join('\n') };
  });
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
