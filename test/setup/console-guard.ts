/**
 * A test fails when anything writes console.error or console.warn while it runs: a React act()
 * warning, a missing key, an Apollo mock the test forgot, a product warning. The message still
 * prints where it was written (with its stack); the test then fails naming each one. Logs a test
 * provokes on purpose go through the product's logger, which tests keep silent, not the console.
 *
 * Call it from a setupFilesAfterEnv file, after anything else that registers an afterEach
 * (React Testing Library's cleanup), so that what the cleanup writes counts for the same test.
 */
export function failOnConsole(): void {
  const written: string[] = [];

  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      const message = format(args);
      const test = expect.getState().currentTestName;
      // Printed in full above; the failure names each by its start.
      const start = message.length > 300 ? `${message.slice(0, 300)}…` : message;
      written.push(`console.${level}${test ? ` in "${test}"` : ''}: ${start}`);
    };
  }

  function check(when: string) {
    if (written.length === 0) return;
    const all = written.splice(0);
    throw new Error(
      `${when}, the code wrote ${all.length} console error(s) or warning(s); ` +
        `fix their cause (a test must await what it starts):\n\n${all.join('\n\n')}`,
    );
  }

  afterEach(() => check('During this test'));
  afterAll(() => check('After the last test of this file'));
}

/** The line console.log would print: printf-style placeholders filled, the rest appended. */
function format(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  const text = first.replace(/%[sdifoOjc%]/g, (p) => {
    if (p === '%%') return '%';
    if (rest.length === 0) return p;
    const value = rest.shift();
    return p === '%c' ? '' : show(value);
  });
  return [text, ...rest.map(show)].join(' ');
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? value.message;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
