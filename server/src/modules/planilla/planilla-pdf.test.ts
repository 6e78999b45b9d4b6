import fs from 'node:fs';
import path from 'node:path';
import { PREGUNTAS_PREDONACION } from '../../domain/entrevista';
import { PLANILLAS } from '../../domain/planillas';
import { ensurePlanillas, PLANILLAS_DIR as DIR } from '../../test-utils/planillas';

/** A4 in PDF points, portrait or landscape. */
const A4 = [595.28, 841.89];

function pages(pdf: string): { width: number; height: number }[] {
  const found: { width: number; height: number }[] = [];
  const objects = pdf.split(/\bendobj\b/);
  for (const obj of objects) {
    if (!/\/Type\s*\/Page\b(?!s)/.test(obj)) continue;
    const box = obj.match(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/);
    if (!box) throw new Error('Página sin MediaBox');
    const [x0, y0, x1, y1] = box.slice(1).map(Number);
    found.push({ width: x1 - x0, height: y1 - y0 });
  }
  return found;
}

beforeAll(() => ensurePlanillas(), 120_000);

describe('generated planillas', () => {
  it.each(PLANILLAS.map((p) => p.fileName))('%s is a valid A4 PDF', (fileName) => {
    const buf = fs.readFileSync(path.join(DIR, fileName));
    const text = buf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/\/Type\s*\/Catalog/);
    const list = pages(text);
    expect(list.length).toBeGreaterThanOrEqual(1);
    const count = text.match(/\/Type\s*\/Pages[\s\S]*?\/Count\s+(\d+)/);
    expect(Number(count?.[1])).toBe(list.length);
    for (const { width, height } of list) {
      const [short, long] = [Math.min(width, height), Math.max(width, height)];
      expect(short).toBeCloseTo(A4[0], 0);
      expect(long).toBeCloseTo(A4[1], 0);
    }
  });

  it('has the form titles as document metadata', () => {
    const text = fs.readFileSync(path.join(DIR, 'registro-temperatura-heladera.pdf'), 'latin1');
    expect(text).toContain('/Title');
  });

  it('prints the default questionnaire of the interview: one list for the form and the app', () => {
    const source = fs.readFileSync(
      path.resolve(__dirname, '..', '..', '..', 'scripts', 'planillas', 'forms.tsx'),
      'utf8',
    );
    expect(source).toContain("import { PREGUNTAS_PREDONACION } from '../../src/domain/entrevista';");
    expect(source).toContain('const QUESTIONS = PREGUNTAS_PREDONACION.map((p) => p.texto);');
    expect(source).toContain('<Questionnaire questions={QUESTIONS} />');
    // No question written in the form itself: every '¿...?' of the interview comes from the list.
    for (const p of PREGUNTAS_PREDONACION) expect(source).not.toContain(p.texto);
  });
});
